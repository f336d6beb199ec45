import type { FormSettingsEvent } from '@pagelog/contracts/events/form-settings-events';
import { DEFAULT_RETENTION_MONTHS, emptyFormLocaleSettings, sameFormLocaleSettings, type FormLocaleSettings } from '@pagelog/contracts/forms/form-settings';
import type { FormId } from '@pagelog/contracts/forms/forms';
import type { Locale } from '@pagelog/contracts/locales';
import { assertNever, type Decider } from '../../core/decider';

/** One form's settings as its stream holds them (`form-settings-<form>`). */
export interface FormSettingsState {
  retentionMonths: number | null;
  locales: Partial<Record<Locale, FormLocaleSettings>>;
}

export const initialFormSettingsState: FormSettingsState = { retentionMonths: DEFAULT_RETENTION_MONTHS, locales: {} };

/** forms/settings/update: the retention and the locales the request names (validated by the endpoint's schema). */
export interface UpdateFormSettings {
  type: 'UpdateFormSettings';
  data: { form: FormId; retentionMonths: number | null; locales: Partial<Record<Locale, FormLocaleSettings>> };
}

export type FormSettingsCommand = UpdateFormSettings;

function update(command: UpdateFormSettings, state: FormSettingsState): FormSettingsEvent[] {
  const { form, retentionMonths, locales } = command.data;
  const events: FormSettingsEvent[] = [];
  for (const [locale, next] of Object.entries(locales) as [Locale, FormLocaleSettings | undefined][]) {
    if (!next) continue;
    const current = state.locales[locale] ?? emptyFormLocaleSettings;
    if (sameFormLocaleSettings(current, next)) continue;
    events.push({ type: 'FormSettingsChanged', data: { form, locale, intro: next.intro, thankYou: next.thankYou, recipients: [...next.recipients], confirmationMail: next.confirmationMail } });
  }
  if (retentionMonths !== state.retentionMonths) events.push({ type: 'FormRetentionChanged', data: { form, retentionMonths } });
  return events;
}

/**
 * A form's settings (issue 16): a save records an event for each locale whose settings differ
 * from what the stream holds, and one for the retention period when it differs; nothing when
 * nothing changed. The rules on the values (addresses, lengths, the period's range) are the
 * endpoint schema's (contracts/src/forms/form-settings.ts), checked before the command is built.
 */
export const formSettingsDecider: Decider<FormSettingsCommand, FormSettingsEvent, FormSettingsState> = {
  initialState: initialFormSettingsState,
  evolve(state, event) {
    switch (event.type) {
      case 'FormSettingsChanged': {
        const { intro, thankYou, recipients, confirmationMail } = event.data;
        return { ...state, locales: { ...state.locales, [event.data.locale]: { intro, thankYou, recipients, confirmationMail } } };
      }
      case 'FormRetentionChanged':
        return { ...state, retentionMonths: event.data.retentionMonths };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'UpdateFormSettings':
        return update(command, state);
      default:
        return assertNever(command.type);
    }
  },
};
