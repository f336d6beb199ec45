import type { FormSettingsEvent } from '@pagelog/contracts/events/form-settings-events';
import { DEFAULT_RETENTION_MONTHS, type FormSettingsDoc } from '@pagelog/contracts/forms/form-settings';
import type { FormId } from '@pagelog/contracts/forms/forms';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const { collection } = readModels.formSettings;

const blank = (form: FormId): FormSettingsDoc => ({ id: form, retentionMonths: DEFAULT_RETENTION_MONTHS, locales: {}, revision: 0, updatedAt: null });

/** Applies `apply` to the form's document once per event: the document remembers its stream's revision. */
function change<K extends FormSettingsEvent['type']>(apply: (doc: FormSettingsDoc, event: RecordedOf<K>) => Partial<FormSettingsDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const form = event.data.form;
    const current = await uow.get<FormSettingsDoc>(collection, form);
    if (alreadyApplied(current, event)) return;
    const doc = current ?? blank(form);
    uow.put(collection, form, { ...doc, ...apply(doc, event), revision: event.revision, updatedAt: event.metadata.occurredAt } satisfies FormSettingsDoc);
  };
}

/**
 * One document per public form (issue 16) with its retention and its settings per locale, read
 * by the Form settings screen (forms/settings), the site (forms/public-settings: the texts only)
 * and the mails reactor (recipients, confirmation mail: formSettingsFor in contracts).
 */
export const formSettingsProjection = defineProjection<FormSettingsEvent['type']>({
  name: readModels.formSettings.projection,
  version: 2,
  collections: [{ name: collection, indexes: [], temporal: true }],
  handlers: {
    FormSettingsChanged: change((doc, event) => {
      const { locale, intro, thankYou, recipients, confirmationMail } = event.data;
      return { locales: { ...doc.locales, [locale]: { intro, thankYou, recipients, confirmationMail } } };
    }),
    FormRetentionChanged: change((_doc, event) => ({ retentionMonths: event.data.retentionMonths })),
  },
});
