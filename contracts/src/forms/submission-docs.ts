import type { SpamReason } from '../events/form-events';
import type { FormId } from './forms';

/** Where a submission stands in the Forms area. */
export type SubmissionStatus = 'new' | 'handled' | 'spam';

/**
 * form_submissions, by submission id (the form-submissions projection): what the Forms area lists
 * and filters by. The values stay sealed with the submission's own key; the query service opens them
 * on the way out (and reads "erased" once the key is gone).
 */
export interface SubmissionDoc extends Record<string, unknown> {
  id: string;
  form: FormId;
  locale: string;
  pageId: string | null;
  submitterIndex: string;
  /** Sealed FormValues (with the submission's own key); '' once erased. */
  values: string;
  /** The key destroyed (by request or by the retention period), when; null while the values are there. */
  erasedAt: string | null;
  erasedBy: 'request' | 'retention' | null;
  /** A newsletter subscription confirmed by its link, when; null otherwise. */
  confirmedAt: string | null;
  /** ISO time it came in. */
  receivedAt: string;
  /** The log position it came in at (a stable order beside the time). */
  position: number;
  status: SubmissionStatus;
  handled: boolean;
  /** Suspected when it came in, and why; settled by a review. */
  suspected: boolean;
  reasons: SpamReason[];
  /** Reviewed as spam (true) or as not spam (false); null until reviewed. */
  reviewedSpam: boolean | null;
  /** The submission stream's revision this document has seen. */
  revision: number;
}

/** new, handled or spam: spam while suspected and not reviewed otherwise, or reviewed as spam. */
export function submissionStatus(doc: Pick<SubmissionDoc, 'handled' | 'suspected' | 'reviewedSpam'>): SubmissionStatus {
  const spam = doc.reviewedSpam ?? doc.suspected;
  if (spam) return 'spam';
  return doc.handled ? 'handled' : 'new';
}
