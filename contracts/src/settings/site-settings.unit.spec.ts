import { expect } from 'chai';
import type { Settings } from '../locales';
import { settingsImageUrl } from './settings-urls';
import { changedSections, emptyContact, isSettingsImageKind, localeSettingsErrors, localeWithPagesError, removedLocales, type SiteSettings } from './site-settings';

const locales: Settings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] };
const site: SiteSettings = {
  siteName: 'Voorbeeld',
  logo: { mediaId: 'logo-1' },
  contact: { ...emptyContact, city: 'Utrecht' },
  social: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/v' }],
  defaultSeoImage: null,
};

describe('the site settings rules', () => {
  describe('changedSections', () => {
    const current = { site, locales };

    it('names nothing for the same settings', () => {
      expect(changedSections(current, { site: JSON.parse(JSON.stringify(site)) as SiteSettings, locales: { ...locales, availableLocales: [...locales.availableLocales] } })).to.deep.equal([]);
    });

    it('names each section that differs', () => {
      expect(changedSections(current, { site: { ...site, siteName: 'Ander' }, locales })).to.deep.equal(['identity']);
      expect(changedSections(current, { site: { ...site, logo: null }, locales })).to.deep.equal(['identity']);
      expect(changedSections(current, { site: { ...site, contact: { ...site.contact, phone: '030 123' } }, locales })).to.deep.equal(['contact']);
      expect(changedSections(current, { site: { ...site, defaultSeoImage: { mediaId: 'x' } }, locales })).to.deep.equal(['defaultSeoImage']);
      expect(changedSections(current, { site, locales: { ...locales, customSlugLocales: ['en-gb'] } })).to.deep.equal(['locales']);
    });

    it('counts a new order of the links or the locales as a change: the site shows them in it', () => {
      const two = [...site.social, { network: 'x' as const, url: 'https://x.com/v' }];
      expect(changedSections({ site: { ...site, social: two }, locales }, { site: { ...site, social: [two[1]!, two[0]!] }, locales })).to.deep.equal(['social']);
      expect(changedSections(current, { site, locales: { ...locales, availableLocales: ['en-gb', 'nl-nl'] } })).to.deep.equal(['locales']);
    });
  });

  describe('localeSettingsErrors', () => {
    it('accepts a default and custom-slug locales among the available ones', () => {
      expect(localeSettingsErrors({ ...locales, customSlugLocales: ['en-gb'] })).to.deep.equal([]);
    });

    it('names the default locale and the custom-slug locales that are not available', () => {
      const errors = localeSettingsErrors({ availableLocales: ['en-gb'], defaultLocale: 'nl-nl', customSlugLocales: ['de-de'] });
      expect(errors.map((e) => `${e.code} ${e.property}`)).to.deep.equal(['V_12 defaultLocale', 'V_12 customSlugLocales']);
      expect(errors[0]!.message).to.equal('The Default locale is not valid.');
    });
  });

  it('finds the locales a change takes away', () => {
    expect(removedLocales(['nl-nl', 'en-gb', 'de-de'], ['en-gb'])).to.deep.equal(['nl-nl', 'de-de']);
  });

  it('names the locale and its pages in the refusal of a removal', () => {
    expect(localeWithPagesError({ locale: 'de-de', pages: 3 })).to.deep.equal({
      code: 'SE_01',
      property: 'availableLocales',
      model: 'settings',
      message: '3 pages are still written in de-de: confirm the removal to take the locale off the site anyway.',
    });
    expect(localeWithPagesError({ locale: 'fr-fr', pages: 1 }).message).to.match(/^1 page is still written in fr-fr/);
  });

  it('takes any picture as the logo, but no SVG as the default SEO image', () => {
    expect(['image', 'gif', 'svg', 'document', 'youtube'].map((kind) => isSettingsImageKind('logo', kind as never))).to.deep.equal([true, true, true, false, false]);
    expect(['image', 'gif', 'svg'].map((kind) => isSettingsImageKind('seo_image', kind as never))).to.deep.equal([true, true, false]);
    expect(isSettingsImageKind('logo', null)).to.equal(false);
  });

  it('writes the public address of a settings image, with a rendition if asked', () => {
    const hash = 'a'.repeat(64);
    expect(settingsImageUrl('logo', hash, 'logo klein.svg')).to.equal(`/api/cms/settings/image/logo/${hash}/logo%20klein.svg`);
    expect(settingsImageUrl('seo_image', hash, 'deel.jpg', { w: 1280, fm: 'webp' })).to.equal(`/api/cms/settings/image/seo_image/${hash}/deel.jpg?w=1280&fm=webp`);
  });
});
