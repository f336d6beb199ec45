import { expect } from 'chai';
import { fieldMessage, summaryMessage } from './form-fields';
import { checkValues, normalizeValues } from './form-schema';
import { CONSENT_FIELD, FORM_IDS, fieldsOf, forms, type FormId } from './forms';

const check = (form: FormId, raw: Record<string, unknown>) => checkValues(forms[form], normalizeValues(forms[form], raw));
const codes = (form: FormId, raw: Record<string, unknown>) => Object.fromEntries(check(form, raw).errors.map((e) => [e.field, e.code]));

/** A good submission of each form, as a visitor would fill it in. */
const good: Record<FormId, Record<string, unknown>> = {
  informationRequest: { name: 'Anna de Vries', organisation: '', email: 'anna@example.nl', phone: '', question: 'Werken jullie ook voor gemeenten?' },
  quoteRequest: { name: 'Bram Jansen', organisation: 'Gemeente Utrecht', email: 'bram@utrecht.nl', phone: '030 286 00 00', projectDescription: 'Een evaluatie van het jeugdbeleid.', budgetRange: '25k-50k', desiredStart: '2027-03-01' },
  download: { name: 'Chris Bakker', email: 'chris@example.com', organisation: 'Universiteit', privacyConsent: 'on' },
  newsletter: { email: 'dana@example.org', name: '', interests: ['research', 'events'], privacyConsent: true },
  newsletterPopup: { email: 'eva@example.nl', privacyConsent: 'on' },
  researchLicence: {
    organisation: 'Universiteit Leiden',
    contactPerson: 'Femke Smit',
    email: 'f.smit@leiden.example',
    dataset: 'Monitor Jeugdzorg 2025',
    intendedUse: 'Een promotieonderzoek naar wachttijden.',
    periodStart: '2027-01-01',
    periodEnd: '2027-12-31',
    licenceAgreement: 'on',
  },
};

describe('the public forms', () => {
  for (const id of FORM_IDS) {
    describe(`${forms[id].adminLabel}`, () => {
      it('takes a good submission, trimming its texts', () => {
        const answer = check(id, { ...good[id], email: `  ${good[id].email as string} ` });
        expect(answer.errors).to.deep.equal([]);
        expect(answer.values!.email).to.equal(good[id].email);
      });

      it('refuses every required field left empty with V_01 ("Dit veld is verplicht"), in the order of the form', () => {
        const answer = check(id, {});
        const required = fieldsOf(forms[id]).filter((field) => field.required).map((field) => field.name);
        expect(answer.errors.map((e) => e.field)).to.deep.equal(required);
        expect(answer.errors.every((e) => e.code === 'V_01')).to.equal(true);
      });

      it('refuses an e-mail address that is none (V_02), a text too long (V_14) and a field the form does not have (V_12)', () => {
        expect(codes(id, { ...good[id], email: 'anna@' })).to.deep.equal({ email: 'V_02' });
        expect(codes(id, { ...good[id], email: 'anna@example' })).to.deep.equal({ email: 'V_02' });
        expect(codes(id, { ...good[id], email: `${'a'.repeat(250)}@example.nl` })).to.deep.include({ email: 'V_14' });
        expect(codes(id, { ...good[id], password: 'x' })).to.deep.equal({ password: 'V_12' });
      });
    });
  }

  it('asks for a privacy consent where the law needs one: the newsletters and the gated download', () => {
    const withConsent = FORM_IDS.filter((id) => fieldsOf(forms[id]).includes(CONSENT_FIELD));
    expect(withConsent).to.deep.equal(['download', 'newsletter', 'newsletterPopup']);
    expect(codes('newsletter', { ...good.newsletter, privacyConsent: false })).to.deep.equal({ privacyConsent: 'V_01' });
    expect(codes('download', { ...good.download, privacyConsent: undefined })).to.deep.equal({ privacyConsent: 'V_01' });
  });

  it('checks phone numbers by their characters and digits, and leaves an optional one empty', () => {
    for (const phone of ['030 123 45 67', '+31 (0)30-1234567', '06.12345678']) expect(codes('quoteRequest', { ...good.quoteRequest, phone }), phone).to.deep.equal({});
    for (const phone of ['bel me', '12345', '+31 30 123 45 67 89 01 23']) expect(codes('quoteRequest', { ...good.quoteRequest, phone }), phone).to.deep.equal({ phone: 'V_12' });
    expect(codes('quoteRequest', { ...good.quoteRequest, phone: '' })).to.deep.equal({});
  });

  it('takes only the options a choice offers', () => {
    expect(codes('quoteRequest', { ...good.quoteRequest, budgetRange: 'a-million' })).to.deep.equal({ budgetRange: 'V_12' });
    expect(codes('newsletter', { ...good.newsletter, interests: ['research', 'gossip'] })).to.deep.equal({ interests: 'V_12' });
    // Posted without JavaScript, one ticked option comes as a string.
    expect(check('newsletter', { ...good.newsletter, interests: 'advice' }).values!.interests).to.deep.equal(['advice']);
  });

  it('takes real dates only, and an end that does not lie before the start', () => {
    expect(codes('quoteRequest', { ...good.quoteRequest, desiredStart: '2027-02-30' })).to.deep.equal({ desiredStart: 'V_12' });
    expect(codes('quoteRequest', { ...good.quoteRequest, desiredStart: 'volgend jaar' })).to.deep.equal({ desiredStart: 'V_12' });
    expect(codes('researchLicence', { ...good.researchLicence, periodEnd: '2026-12-31' })).to.deep.equal({ periodEnd: 'V_12' });
    expect(codes('researchLicence', { ...good.researchLicence, licenceAgreement: '' })).to.deep.equal({ licenceAgreement: 'V_01' });
  });

  it('says what is wrong in Dutch on Dutch pages and in English elsewhere', () => {
    const email = fieldsOf(forms.newsletter)[0]!;
    expect(fieldMessage('V_01', email, 'nl-nl')).to.equal('Dit veld is verplicht');
    expect(fieldMessage('V_01', email, 'en-gb')).to.equal('This field is required');
    expect(fieldMessage('V_02', email, 'nl')).to.match(/^Vul een geldig e-mailadres in/);
    expect(fieldMessage('V_14', email, 'nl-nl')).to.equal('Dit veld mag maximaal 254 tekens bevatten');
    expect(fieldMessage('V_01', email, 'de-de')).to.equal('This field is required');
    expect(summaryMessage(2, 'nl-nl')).to.equal('2 velden zijn nog niet goed ingevuld.');
  });
});
