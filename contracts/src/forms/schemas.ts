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
