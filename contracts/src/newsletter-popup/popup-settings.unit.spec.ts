import { expect } from 'chai';
import { defaultPopupLocaleSettings, popupShownOn, publicPopupFor, samePopupSettings, updateNewsletterPopupSchema, type PopupLocaleSettings } from './popup-settings';

const valid = (locale: Partial<PopupLocaleSettings> = {}) => ({ revision: 0, locales: { 'nl-nl': { ...defaultPopupLocaleSettings, enabled: true, ...locale } } });

async function refusals(body: unknown): Promise<string[]> {
  try {
    await updateNewsletterPopupSchema.validate(body, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { message: string; path: string }[] }).inner.map((e) => `${e.message} ${e.path}`);
  }
}

describe('newsletter popup settings', () => {
  describe('where the popup is shown', () => {
    it('shows it on every page for "all"', () => {
      expect(popupShownOn({ showOn: 'all', paths: ['/contact'] }, '/contact')).to.equal(true);
    });

    it('counts a path for itself and the pages under it, whatever its case or trailing slash', () => {
      const only = { showOn: 'only' as const, paths: ['/Publicaties/'] };
      expect(popupShownOn(only, '/publicaties')).to.equal(true);
      expect(popupShownOn(only, '/publicaties/warmte-in-de-wijk')).to.equal(true);
      expect(popupShownOn(only, '/publicaties-archief')).to.equal(false);
      expect(popupShownOn(only, '/')).to.equal(false);
    });

    it('takes "/" for the home page alone, so "except /" still shows it elsewhere', () => {
      const except = { showOn: 'except' as const, paths: ['/'] };
      expect(popupShownOn(except, '/')).to.equal(false);
      expect(popupShownOn(except, '/over-ons')).to.equal(true);
    });
  });

  describe('what the site gets', () => {
    it('is off, with the popup form\'s own texts, for a locale never saved', () => {
      const popup = publicPopupFor(null, 'nl-nl');
      expect(popup).to.deep.include({ enabled: false, delaySeconds: 20, hiddenAfterAcceptSeconds: 365 * 86_400, hiddenAfterDeclineSeconds: 30 * 86_400, buttonText: 'Aanmelden' });
      expect(publicPopupFor(null, 'en-gb').title).to.equal('Stay informed');
    });

    it('turns days and seconds into seconds and keeps the texts an editor gave', () => {
      const doc = { locales: { 'nl-nl': { ...defaultPopupLocaleSettings, delay: { amount: 2, unit: 'days' as const }, hiddenAfterDecline: { amount: 90, unit: 'seconds' as const }, buttonText: 'Ja!' } } };
      expect(publicPopupFor(doc, 'nl-nl')).to.deep.include({ delaySeconds: 172_800, hiddenAfterDeclineSeconds: 90, buttonText: 'Ja!', title: 'Blijf op de hoogte' });
    });
  });

  describe('validation', () => {
    it('takes well-formed settings, trimming the texts', async () => {
      const cast = await updateNewsletterPopupSchema.validate(valid({ title: '  Hallo  ', showOn: 'only', paths: ['/nieuws'] }));
      expect(cast.locales['nl-nl']!.title).to.equal('Hallo');
    });

    it('refuses negative or over-long times and unknown units on their property', async () => {
      expect(await refusals(valid({ delay: { amount: -5, unit: 'seconds' } }))).to.include('V_12 locales.nl-nl.delay.amount');
      expect(await refusals(valid({ delay: { amount: 1.5, unit: 'seconds' } }))).to.include('V_12 locales.nl-nl.delay.amount');
      expect(await refusals(valid({ hiddenAfterAccept: { amount: 731, unit: 'days' } }))).to.include('V_12 locales.nl-nl.hiddenAfterAccept');
      expect(await refusals(valid({ hiddenAfterAccept: { amount: 730, unit: 'days' } }))).to.deep.equal([]);
      expect(await refusals(valid({ hiddenAfterDecline: { amount: 1, unit: 'hours' as never } }))).to.include('V_12 locales.nl-nl.hiddenAfterDecline.unit');
    });

    it('refuses paths that are no public path, or name one twice, and "only" without a path', async () => {
      expect(await refusals(valid({ showOn: 'except', paths: ['nieuws', '/a b', '/x?y=1'] }))).to.include.members(['V_12 locales.nl-nl.paths[0]', 'V_12 locales.nl-nl.paths[1]', 'V_12 locales.nl-nl.paths[2]']);
      expect(await refusals(valid({ showOn: 'except', paths: ['/Nieuws', '/nieuws/'] }))).to.include('V_06 locales.nl-nl.paths');
      expect(await refusals(valid({ showOn: 'only', paths: [] }))).to.include('V_01 locales.nl-nl.paths');
      expect(await refusals(valid({ showOn: 'sometimes' as never }))).to.include('V_12 locales.nl-nl.showOn');
    });

    it('refuses a missing revision and texts over their length', async () => {
      expect(await refusals({ locales: {} })).to.include('V_01 revision');
      expect(await refusals(valid({ buttonText: 'x'.repeat(61) }))).to.include('V_14 locales.nl-nl.buttonText');
      expect(await refusals(valid({ thankYou: 'x'.repeat(501) }))).to.include('V_14 locales.nl-nl.thankYou');
    });
  });

  it('compares settings by what they say', () => {
    expect(samePopupSettings(defaultPopupLocaleSettings, { ...defaultPopupLocaleSettings, paths: [] })).to.equal(true);
    expect(samePopupSettings(defaultPopupLocaleSettings, { ...defaultPopupLocaleSettings, delay: { amount: 20, unit: 'days' } })).to.equal(false);
  });
});
