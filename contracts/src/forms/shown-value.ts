import type { FormField, FormText } from './form-fields';

/**
 * A submitted value as a person reads it: the text, the labels of the options chosen (joined),
 * Yes or No for a box (Ja or Nee in Dutch). The Forms area and the notification mails show it in
 * English, a submitter's confirmation mail in the submission's language.
 */
export function shownValue(field: FormField, value: unknown, language: keyof FormText = 'en'): string {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (field.kind === 'checkbox') return value === true ? (language === 'nl' ? 'Ja' : 'Yes') : language === 'nl' ? 'Nee' : 'No';
  const label = (v: string) => field.options?.find((option) => option.value === v)?.label[language] ?? v;
  if (Array.isArray(value)) return value.map((v) => label(String(v))).join(', ');
  if (field.kind === 'choice') return value ? label(String(value)) : '';
  return text(value);
}
