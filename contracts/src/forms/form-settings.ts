import { array, boolean, number, object, string } from 'yup';
import { locales, type Locale } from '../locales';
import { textIn } from './form-fields';
import { FORM_IDS, forms, type FormId } from './forms';

/**
 * The settings of each public form (issue 16): per form and locale the intro, the thank-you
 * text, who is notified of a submission and whether the submitter gets a confirmation mail; per
 * form how long its submissions are kept. One stream per form (`form-settings-<form>`); the
 * form-settings projection keeps one document per form (FormSettingsDoc).
 */

/** Submissions are kept this long (months) until an editor sets another period. */
export const DEFAULT_RETENTION_MONTHS = 12;
export const MIN_RETENTION_MONTHS = 1;
/** Ten years: longer is "until erased" (null), said so. */
export const MAX_RETENTION_MONTHS = 120;
/** Notifications go to a few people, not a mailing list. */
export const MAX_RECIPIENTS = 10;
/** An intro or a thank-you text: a paragraph or two. */
export const MAX_FORM_SETTING_TEXT = 2_000;

/** One form's settings in one locale. */
export interface FormLocaleSettings {
  /** Said above the fields; empty: the form's own intro (forms.ts). */
  intro: string;
  /** Shown after a good submission; empty: the form's own thank-you text (forms.ts). */
  thankYou: string;
  /** Who gets a notification mail with every field of a submission (none: nobody is mailed). */
  recipients: string[];
  /** Whether the submitter gets a mail saying their submission arrived. */
  confirmationMail: boolean;
}

export const emptyFormLocaleSettings: FormLocaleSettings = { intro: '', thankYou: '', recipients: [], confirmationMail: false };

/** The read model of one form's settings (collection form_settings, id = the form); a type, so it is a read-model document. */
export type FormSettingsDoc = {
  id: FormId;
  /** Months a submission is kept before it is erased by itself; null: kept until erased by request. */
  retentionMonths: number | null;
  /** The locales an editor saved settings for; a locale without: the defaults. */
  locales: Partial<Record<Locale, FormLocaleSettings>>;
  /** The form-settings stream's revision the document reflects. */
  revision: number;
  updatedAt: string | null;
};

/** A form's settings in a locale as they apply: the texts resolved to the form's defaults when empty. */
export interface ResolvedFormSettings {
  intro: string;
  thankYou: string;
  recipients: string[];
  confirmationMail: boolean;
  retentionMonths: number | null;
}

/**
 * What applies to `form` in `locale`, from its document (null: never set): what the site
 * shows (intro, thankYou), whom the mails reactor notifies (recipients) and whether it confirms
 * to the submitter (confirmationMail), and when the retention erases a submission.
 */
export function formSettingsFor(doc: Pick<FormSettingsDoc, 'retentionMonths' | 'locales'> | null, form: FormId, locale: string): ResolvedFormSettings {
  const definition = forms[form];
  const own = doc?.locales && Object.hasOwn(doc.locales, locale) ? doc.locales[locale as Locale] : undefined;
  const settings = own ?? emptyFormLocaleSettings;
  return {
    intro: settings.intro.trim() === '' ? textIn(definition.intro, locale) : settings.intro,
    thankYou: settings.thankYou.trim() === '' ? textIn(definition.thankYou, locale) : settings.thankYou,
    recipients: [...settings.recipients],
    confirmationMail: settings.confirmationMail,
    retentionMonths: doc && doc.retentionMonths !== undefined ? doc.retentionMonths : DEFAULT_RETENTION_MONTHS,
  };
}

/** Whether two locale settings say the same (the order of recipients counts: the admin shows them in it). */
export function sameFormLocaleSettings(a: FormLocaleSettings, b: FormLocaleSettings): boolean {
  return (
    a.intro === b.intro &&
    a.thankYou === b.thankYou &&
    a.confirmationMail === b.confirmationMail &&
    a.recipients.length === b.recipients.length &&
    a.recipients.every((r, i) => r === b.recipients[i])
  );
}

const settingText = () => string().trim().default('').max(MAX_FORM_SETTING_TEXT, 'V_14');

/** Recipients: e-mail addresses (V_02), at most MAX_RECIPIENTS (V_12), none twice however written (V_06). */
const recipientList = () =>
  array()
    .of(string().trim().required('V_01').max(254, 'V_11').email('V_02'))
    .default([])
    .max(MAX_RECIPIENTS, 'V_12')
    .test('unique', 'V_06', (list) => {
      const lower = (list ?? []).map((r) => (r ?? '').toLowerCase());
      return new Set(lower).size === lower.length;
    });

export const formLocaleSettingsSchema = object({
  intro: settingText(),
  thankYou: settingText(),
  recipients: recipientList(),
  confirmationMail: boolean().typeError('V_12').default(false),
});

/**
 * POST forms/settings/update (manage-forms): one form's retention period and the settings of
 * the locales the request names (a locale left out keeps what it has). Only what changed is
 * recorded. Retention: 1 to 120 months, or null for "until erased". With `revision` (the form's
 * settings' revision the screen read) a save that another came before is refused (409), so
 * nobody overwrites a change they did not see; without it the save goes in as it is.
 */
export const updateFormSettingsSchema = object({
  form: string().required('V_01').oneOf([...FORM_IDS], 'V_12'),
  revision: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
  retentionMonths: number()
    .typeError('V_12')
    .integer('V_12')
    .min(MIN_RETENTION_MONTHS, 'V_12')
    .max(MAX_RETENTION_MONTHS, 'V_12')
    .nullable()
    .defined('V_01'),
  locales: object(Object.fromEntries(locales.map((locale) => [locale, formLocaleSettingsSchema.default(undefined)]))).default({}),
});

/** The validated body, typed (yup types oneOf lists as plain strings). */
export interface FormSettingsUpdateBody {
  form: FormId;
  revision?: number;
  retentionMonths: number | null;
  locales: Partial<Record<Locale, FormLocaleSettings>>;
}

// What the API answers.

/** One form as the Form settings screen edits it (GET forms/settings). */
export interface EditableFormSettings {
  form: FormId;
  /** What editors call it. */
  label: string;
  retentionMonths: number | null;
  /** Every locale the site offers, with what is saved for it (empty texts: the defaults). */
  locales: Partial<Record<Locale, FormLocaleSettings>>;
  /** The form's own texts per locale, shown where the settings leave them empty. */
  defaults: Partial<Record<Locale, { intro: string; thankYou: string }>>;
  revision: number;
}

export interface EditableFormSettingsList {
  availableLocales: Locale[];
  forms: EditableFormSettings[];
}

/** What the public site reads of a form's settings (GET forms/public-settings/:form/:locale): never whom it notifies. */
export interface PublicFormSettings {
  form: FormId;
  locale: string;
  intro: string;
  thankYou: string;
}

/** What forms/settings/update answers: the form and which parts changed. */
export interface UpdatedFormSettings {
  form: FormId;
  /** The form's settings' revision afterwards: what the next save names. */
  revision: number;
  /** The locales whose settings changed, and 'retention' when the period did. */
  changed: (Locale | 'retention')[];
}
