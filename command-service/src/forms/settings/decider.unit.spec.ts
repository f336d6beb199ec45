import type { FormSettingsEvent } from '@pagelog/contracts/events/form-settings-events';
import type { FormLocaleSettings } from '@pagelog/contracts/forms/form-settings';
import { deciderSpec } from '../../core/decider-spec';
import { formSettingsDecider, type UpdateFormSettings } from './decider';

const settings = deciderSpec(formSettingsDecider);
const dutch: FormLocaleSettings = { intro: 'Stel uw vraag.', thankYou: 'Dank u wel.', recipients: ['info@voorbeeld.nl'], confirmationMail: true };
const english: FormLocaleSettings = { intro: '', thankYou: '', recipients: [], confirmationMail: false };

const update = (data: Partial<UpdateFormSettings['data']> = {}): UpdateFormSettings => ({
  type: 'UpdateFormSettings',
  data: { form: 'informationRequest', retentionMonths: 12, locales: {}, ...data },
});
const changed = (locale: 'nl-nl' | 'en-gb', s: FormLocaleSettings): FormSettingsEvent => ({ type: 'FormSettingsChanged', data: { form: 'informationRequest', locale, ...s } });
const retention = (retentionMonths: number | null): FormSettingsEvent => ({ type: 'FormRetentionChanged', data: { form: 'informationRequest', retentionMonths } });

describe('form settings decider', () => {
  describe('when a form has no settings yet', () => {
    it('records nothing for the defaults (12 months, empty texts, nobody notified)', () => {
      settings.given().when(update({ locales: { 'en-gb': english } })).thenNothing();
    });

    it('records the settings of each locale that differs, and the retention when it differs', () => {
      settings.given().when(update({ retentionMonths: 24, locales: { 'nl-nl': dutch, 'en-gb': english } })).then([changed('nl-nl', dutch), retention(24)]);
    });

    it('records "kept until erased" as a retention of its own', () => {
      settings.given().when(update({ retentionMonths: null })).then([retention(null)]);
    });
  });

  describe('when a form has settings', () => {
    const history = [changed('nl-nl', dutch), retention(24)];

    it('records nothing when the same settings are saved again', () => {
      settings.given(...history).when(update({ retentionMonths: 24, locales: { 'nl-nl': dutch } })).thenNothing();
    });

    it('records only the locale that changed, and leaves a locale the save does not name as it is', () => {
      const moreRecipients = { ...dutch, recipients: ['info@voorbeeld.nl', 'sales@voorbeeld.nl'] };
      settings.given(...history).when(update({ retentionMonths: 24, locales: { 'nl-nl': moreRecipients, 'en-gb': english } })).then([changed('nl-nl', moreRecipients)]);
    });

    it('records only the retention when only the period changed', () => {
      settings.given(...history).when(update({ retentionMonths: 6, locales: { 'nl-nl': dutch } })).then([retention(6)]);
    });

    it('records a locale going back to the defaults', () => {
      settings.given(...history).when(update({ retentionMonths: 24, locales: { 'nl-nl': english } })).then([changed('nl-nl', english)]);
    });
  });
});
