import type { FormId } from '../forms/forms';
import type { Locale } from '../locales';
import { streamOf } from './event';

/**
 * The public forms' settings (issue 16): one stream per form. A save records an event for each
 * locale whose settings changed, holding that locale's settings whole, and one for the
 * retention period when it changed: the history says what changed, and the site's cache drops
 * only the pages of that form.
 */

export const formSettingsStream = (form: FormId) => streamOf<FormSettingsEvent>(`form-settings-${form}`);

/** A form's settings in one locale changed (empty texts: the form's own). */
export interface FormSettingsChanged {
  type: 'FormSettingsChanged';
  data: { form: FormId; locale: Locale; intro: string; thankYou: string; recipients: string[]; confirmationMail: boolean };
}

/** How long a form's submissions are kept changed (null: until erased by request). */
export interface FormRetentionChanged {
  type: 'FormRetentionChanged';
  data: { form: FormId; retentionMonths: number | null };
}

export type FormSettingsEvent = FormSettingsChanged | FormRetentionChanged;
