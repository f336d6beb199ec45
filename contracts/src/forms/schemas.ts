import { mixed, number, object, string } from 'yup';
import { locales } from '../locales';
import { FORM_IDS } from './forms';

/**
 * POST forms/submit (public, the forms' double-submit CSRF token): one form's values as the
 * visitor filled them in. `values` is checked against the form's own schema (form-schema.ts) by
 * the command; `website` is the honeypot (empty for a person) and `startedAt` when the form was
 * shown (ms since 1970), for the time a person needs.
 */
export const submitFormSchema = object({
  form: string().required('V_01').oneOf([...FORM_IDS], 'V_12'),
  locale: string().required('V_01').oneOf([...locales], 'V_12'),
  pageId: string().trim().max(64, 'V_12').nullable().optional(),
  values: mixed().required('V_01'),
  website: string().max(500, 'V_12').optional(),
  startedAt: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
});

const submissionStatuses = ['new', 'handled', 'spam'] as const;
const isoDate = () => string().trim().matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'V_12', excludeEmptyString: true }).default('');

/**
 * POST forms/submissions (manage-forms): a page of the submissions, newest first, by form,
 * status (new, handled, spam), the day they came in (from, to: YYYY-MM-DD, inclusive) and a term
 * found in any of their values (opened for the search, never stored readable).
 */
export const submissionListSchema = object({
  form: string().oneOf(['', ...FORM_IDS], 'V_12').default(''),
  status: string().oneOf(['', ...submissionStatuses], 'V_12').default(''),
  from: isoDate(),
  to: isoDate(),
  searchTerm: string().trim().max(254, 'V_11').default(''),
  /** '' or receivedAt: by the time they came in; form: by the form's name; submitter: by the submitter's name (erased last). */
  columnToSort: string().oneOf(['', 'receivedAt', 'form', 'submitter'], 'V_12').default(''),
  sortOrder: string().oneOf(['asc', 'desc'], 'V_12').default('desc'),
  pageIndex: number().typeError('V_12').integer('V_12').min(0, 'V_12').max(1_000_000, 'V_12').default(0),
  pageSize: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(100, 'V_12').default(25),
});

/** POST forms/submission/:id/handled {handled}. */
export const submissionHandledSchema = object({ handled: mixed<boolean>().required('V_01').oneOf([true, false], 'V_12') });

/** POST forms/submission/:id/spam {spam}: the review of a suspected submission. */
export const submissionSpamSchema = object({ spam: mixed<boolean>().required('V_01').oneOf([true, false], 'V_12') });

/**
 * POST forms/confirm-subscription {token} (public, the forms' double-submit CSRF token): the
 * token of the link mailed for a newsletter subscription (double opt-in).
 */
export const confirmSubscriptionSchema = object({ token: string().trim().required('V_01').max(200, 'V_04') });

/**
 * POST forms/submitter (the preview) and forms/erase-submitter {email}: a submitter, by the
 * e-mail address they sent their forms with (however it was written).
 */
export const submitterSchema = object({ email: string().trim().lowercase().required('V_01').max(254, 'V_11').email('V_02') });

/**
 * GET forms/submissions/export: the list's filters (form, status, days, term, order), in the query
 * string, without the paging: every submission they let through.
 */
export const submissionExportSchema = submissionListSchema.omit(['pageIndex', 'pageSize']);
