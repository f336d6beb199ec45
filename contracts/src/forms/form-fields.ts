/**
 * The fields of the public forms (issue 16), declared once for the site (labels, validation in
 * the browser) and the server (the same validation, what is sealed). Texts are per language,
 * Dutch first; a language without texts of its own (German, French) shows the English ones.
 */

/** A text in each language the forms are written in. */
export interface FormText {
  nl: string;
  en: string;
}

export type FieldKind =
  /** One line of text. */
  | 'text'
  | 'email'
  | 'phone'
  /** Several lines. */
  | 'textarea'
  /** One of a few options (a select). */
  | 'choice'
  /** Any of a few options (checkboxes). */
  | 'choices'
  /** A calendar date, YYYY-MM-DD. */
  | 'date'
  /** A box to tick: a consent or an agreement. */
  | 'checkbox';

export interface FieldOption {
  value: string;
  label: FormText;
}

export interface FormField {
  /** The property in the submission (and the field's id on the page). */
  name: string;
  kind: FieldKind;
  label: FormText;
  /** Shown under the field. */
  hint?: FormText;
  required: boolean;
  /** The most characters a text may have (text, email, phone: 200 unless said; textarea: 5,000). */
  maxLength?: number;
  /** For choice and choices. */
  options?: readonly FieldOption[];
  /** The browser's autofill name (autocomplete attribute). */
  autocomplete?: string;
  /** A date field that may not lie before this other date field of the form. */
  notBefore?: string;
}

/** The length a field's text may reach when its declaration says none. */
export function maxLengthOf(field: FormField): number {
  return field.maxLength ?? (field.kind === 'textarea' ? 5_000 : 200);
}

/** The language of a locale for the forms' texts: Dutch or English. */
export function formLanguage(locale: string): keyof FormText {
  return locale.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

export function textIn(text: FormText, locale: string): string {
  return text[formLanguage(locale)];
}

/**
 * What a visitor reads for a refusal, by the catalogue code the schema gives (V_01 required, V_02
 * e-mail address, V_14 too long, V_12 anything else not valid), in the form's language.
 */
export function fieldMessage(code: string, field: FormField, locale: string): string {
  const nl = formLanguage(locale) === 'nl';
  switch (code) {
    case 'V_01':
      return nl ? 'Dit veld is verplicht' : 'This field is required';
    case 'V_02':
      return nl ? 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl' : 'Enter a valid e-mail address, such as name@example.com';
    case 'V_14':
      return nl ? `Dit veld mag maximaal ${maxLengthOf(field)} tekens bevatten` : `This field can be at most ${maxLengthOf(field)} characters long`;
    default:
      if (field.kind === 'phone') return nl ? 'Vul een geldig telefoonnummer in, zoals 030 123 45 67' : 'Enter a valid phone number, such as +44 20 7946 0000';
      if (field.kind === 'date') {
        if (field.notBefore) return nl ? 'Deze datum ligt vóór de begindatum' : 'This date lies before the start date';
        return nl ? 'Vul een geldige datum in' : 'Enter a valid date';
      }
      if (field.kind === 'choice' || field.kind === 'choices') return nl ? 'Kies een van de mogelijkheden' : 'Choose one of the options';
      return nl ? 'Dit veld is niet goed ingevuld' : 'This field is not filled in correctly';
  }
}

/** The one message a form shows above itself when a submission was refused for its fields. */
export function summaryMessage(count: number, locale: string): string {
  const nl = formLanguage(locale) === 'nl';
  if (count === 1) return nl ? 'Eén veld is nog niet goed ingevuld.' : 'One field is not filled in correctly yet.';
  return nl ? `${count} velden zijn nog niet goed ingevuld.` : `${count} fields are not filled in correctly yet.`;
}

/** Said above a form when too many were sent in a short time (429). */
export function throttledMessage(locale: string): string {
  return formLanguage(locale) === 'nl'
    ? 'Er zijn in korte tijd te veel formulieren verstuurd. Probeer het over een paar minuten opnieuw.'
    : 'Too many forms were sent in a short time. Please try again in a few minutes.';
}
