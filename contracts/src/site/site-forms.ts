import type { ErrorItem } from '../envelope';
import type { FormId } from '../forms/forms';
import type { DownloadLink } from '../forms/gated-download';

/**
 * The site's port for a form sent without JavaScript (issue 16): a plain POST of the page the form
 * is on, which the site's server hands on here and answers with the page again, showing the
 * refusals under their fields with the visitor's input kept, or the thank-you text.
 */
export interface SiteFormSubmission {
  form: FormId;
  locale: string;
  pageId: string | null;
  /** The fields as the browser posted them (URL-encoded): text, repeated names as lists, "on" for a ticked box. */
  values: Record<string, string | string[]>;
  /** The honeypot field. */
  website: string;
  /** When the form was shown, if the page knew it (a page answered with refusals does). */
  startedAt?: number;
}

export type SiteFormOutcome =
  | { kind: 'accepted'; submissionId: string; download?: DownloadLink }
  | { kind: 'refused'; errors: ErrorItem[] }
  | { kind: 'throttled'; retryAfterSeconds: number };

export interface SiteForms {
  submit(submission: SiteFormSubmission, clientIp: string, requestId: string): Promise<SiteFormOutcome>;
}
