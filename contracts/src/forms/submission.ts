import type { DownloadLink } from './gated-download';
import type { FormId } from './forms';

/** What forms/submit answers for a submission it took. */
export interface FormSubmissionAccepted {
  submissionId: string;
  form: FormId;
  /** A download form on a page that gates a file: the link to it (gated-download.ts). */
  download?: DownloadLink;
}

/** A submission as the Forms area lists it: who sent it (null once erased), and a line of what. */
export interface SubmissionSummary {
  id: string;
  form: FormId;
  locale: string;
  pageId: string | null;
  receivedAt: string;
  status: 'new' | 'handled' | 'spam';
  suspected: boolean;
  reasons: string[];
  /** null: the submitter's data was erased. */
  submitter: { name: string; email: string; organisation: string } | null;
  /** The start of the longest text the visitor wrote (a question, a description), '' when none. */
  excerpt: string;
}

/** One field of a submission as sent, with its label in English (admin texts are English). */
export interface SubmissionValue {
  field: string;
  label: string;
  /** As the visitor filled it in: text, the labels of the options chosen joined, Yes or No. */
  value: string;
}

export interface SubmissionDetails extends SubmissionSummary {
  /** Every field of the form in its order; null once the submitter's data was erased. */
  values: SubmissionValue[] | null;
}

/** What forms/confirm-subscription answers: the subscription is confirmed (again, for a second click). */
export interface SubscriptionConfirmed {
  submissionId: string;
  form: FormId;
}

/** What erasing a submitter would erase (forms/submitter): for the confirmation that names it. */
export interface SubmitterPreview {
  /** The address as asked for (trimmed, lower case). */
  email: string;
  /** Their submissions whose values are still there, per form (forms with none are left out). */
  forms: { form: FormId; label: string; count: number; newsletterSubscriptions: number }[];
  /** All of them together. */
  total: number;
  /** Newsletter subscriptions among them (newsletter and newsletter popup). */
  newsletterSubscriptions: number;
  /** The first and the last received (ISO), null when there is nothing to erase. */
  firstReceivedAt: string | null;
  lastReceivedAt: string | null;
  /** Already erased before (by request or retention): nothing of them is left to erase. */
  alreadyErased: number;
}

/** What forms/erase-submitter did: how many submissions it erased now. */
export interface ErasedSubmitter {
  erased: number;
}
