import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { textIn } from '@pagelog/contracts/forms/form-fields';
import { DEFAULT_RETENTION_MONTHS, formSettingsFor, type EditableFormSettingsList, type FormSettingsDoc, type PublicFormSettings } from '@pagelog/contracts/forms/form-settings';
import { FORM_IDS, forms, isFormId, type FormId } from '@pagelog/contracts/forms/forms';
import { isLocale, type Locale } from '@pagelog/contracts/locales';
import { readModels } from '@pagelog/contracts/read-models';
import type { QueryDeps } from '../core/query-deps';
import { readSettings } from '../settings/routes';

const { collection } = readModels.formSettings;
const MODEL = 'formSettings';

/** A form's settings document, or null when nobody set any yet. */
export async function formSettingsDoc(deps: Pick<QueryDeps, 'readModels'>, form: FormId): Promise<FormSettingsDoc | null> {
  return deps.readModels.get<FormSettingsDoc>(collection, form);
}

/**
 * GET forms/settings (manage-forms): each of the six forms with its retention and its settings
 * in every locale the site offers, saved or not, and the form's own texts to show where the
 * settings leave them empty.
 */
export async function readEditableFormSettings(deps: QueryDeps): Promise<EditableFormSettingsList> {
  const { availableLocales } = await readSettings(deps);
  const byId = await deps.readModels.getMany<FormSettingsDoc>(collection, [...FORM_IDS]);
  return {
    availableLocales,
    forms: FORM_IDS.map((form) => {
      const doc = byId.get(form) ?? null;
      const definition = forms[form];
      const each = <T>(value: (locale: Locale) => T) => Object.fromEntries(availableLocales.map((locale) => [locale, value(locale)])) as Partial<Record<Locale, T>>;
      return {
        form,
        label: definition.adminLabel,
        retentionMonths: doc ? doc.retentionMonths : DEFAULT_RETENTION_MONTHS,
        locales: each((locale) => doc?.locales[locale] ?? { intro: '', thankYou: '', recipients: [], confirmationMail: false }),
        defaults: each((locale) => ({ intro: textIn(definition.intro, locale), thankYou: textIn(definition.thankYou, locale) })),
        revision: doc?.revision ?? 0,
      };
    }),
  };
}

/** GET forms/public-settings/:form/:locale (public): the texts a form shows, resolved to its own where the settings give none; never whom it notifies. */
export async function readPublicFormSettings(deps: Pick<QueryDeps, 'readModels'>, form: string, locale: string): Promise<PublicFormSettings> {
  if (!isFormId(form)) throw new NotFoundError('V_12', 'form', MODEL);
  if (!isLocale(locale)) throw new NotFoundError('V_12', 'locale', MODEL);
  const { intro, thankYou } = formSettingsFor(await formSettingsDoc(deps, form), form, locale);
  return { form, locale, intro, thankYou };
}
