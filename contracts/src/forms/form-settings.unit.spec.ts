import { expect } from 'chai';
import { ValidationError } from '../domain-errors';
import { validateInput } from '../validation';
import { formSettingsFor, updateFormSettingsSchema, type FormSettingsDoc } from './form-settings';
import { forms } from './forms';

const validate = (body: unknown) => validateInput(updateFormSettingsSchema, body, 'formSettings');
function errorsOf(body: unknown) {
  try {
    validate(body);
  } catch (error) {
    if (error instanceof ValidationError) return error.items.map((i) => ({ code: i.code, property: i.property }));
    throw error;
  }
  return [];
}
const good = { intro: 'Welkom', thankYou: 'Bedankt', recipients: ['info@voorbeeld.nl'], confirmationMail: true };

describe('the form settings rules', () => {
  it('takes a form, a retention period and settings per locale, trimmed, with defaults for what is left out', () => {
    expect(validate({ form: 'download', retentionMonths: 6, locales: { 'nl-nl': { ...good, intro: '  Welkom  ' }, 'en-gb': {} } })).to.deep.equal({
      form: 'download',
      retentionMonths: 6,
      locales: { 'nl-nl': good, 'en-gb': { intro: '', thankYou: '', recipients: [], confirmationMail: false } },
    });
  });

  it('takes "kept until erased" (null) but not a retention left out', () => {
    expect(validate({ form: 'download', retentionMonths: null }).retentionMonths).to.equal(null);
    expect(errorsOf({ form: 'download' })).to.deep.equal([{ code: 'V_01', property: 'retentionMonths' }]);
  });

  it('refuses a retention outside 1 to 120 whole months, and an unknown form', () => {
    for (const months of [0, 121, 1.5, 'soon']) expect(errorsOf({ form: 'download', retentionMonths: months }), String(months)).to.deep.equal([{ code: 'V_12', property: 'retentionMonths' }]);
    expect(errorsOf({ form: 'nope', retentionMonths: 12 })).to.deep.equal([{ code: 'V_12', property: 'form' }]);
  });

  it('refuses an address that is not one (V_02), more than 10 (V_12), and one address twice however written (V_06)', () => {
    const withRecipients = (recipients: string[]) => ({ form: 'download', retentionMonths: 12, locales: { 'nl-nl': { ...good, recipients } } });
    expect(errorsOf(withRecipients(['info@voorbeeld.nl', 'geen adres']))).to.deep.equal([{ code: 'V_02', property: 'locales.nl-nl.recipients[1]' }]);
    expect(errorsOf(withRecipients(Array.from({ length: 11 }, (_, i) => `r${i}@voorbeeld.nl`)))).to.deep.equal([{ code: 'V_12', property: 'locales.nl-nl.recipients' }]);
    expect(errorsOf(withRecipients(['Info@Voorbeeld.nl', 'info@voorbeeld.NL']))).to.deep.equal([{ code: 'V_06', property: 'locales.nl-nl.recipients' }]);
  });

  it('refuses texts over 2,000 characters (V_14)', () => {
    expect(errorsOf({ form: 'download', retentionMonths: 12, locales: { 'en-gb': { intro: 'x'.repeat(2_001), thankYou: 'y'.repeat(2_000) } } })).to.deep.equal([
      { code: 'V_14', property: 'locales.en-gb.intro' },
    ]);
  });
});

describe("a form's settings as they apply", () => {
  const doc: FormSettingsDoc = {
    id: 'informationRequest',
    retentionMonths: null,
    locales: { 'nl-nl': { intro: 'Eigen intro', thankYou: '', recipients: ['info@voorbeeld.nl'], confirmationMail: true } },
    revision: 1,
    updatedAt: null,
  };

  it('gives the saved texts, and the form’s own where they are empty', () => {
    expect(formSettingsFor(doc, 'informationRequest', 'nl-nl')).to.deep.equal({
      intro: 'Eigen intro',
      thankYou: forms.informationRequest.thankYou.nl,
      recipients: ['info@voorbeeld.nl'],
      confirmationMail: true,
      retentionMonths: null,
    });
  });

  it('gives the defaults for a locale or a form without settings: nobody notified, no confirmation, 12 months', () => {
    expect(formSettingsFor(doc, 'informationRequest', 'en-gb')).to.deep.include({ intro: forms.informationRequest.intro.en, recipients: [], confirmationMail: false, retentionMonths: null });
    expect(formSettingsFor(null, 'download', 'nl-nl')).to.deep.equal({
      intro: forms.download.intro.nl,
      thankYou: forms.download.thankYou.nl,
      recipients: [],
      confirmationMail: false,
      retentionMonths: 12,
    });
  });
});
