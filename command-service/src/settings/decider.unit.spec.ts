import { expect } from 'chai';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { SettingsEvent } from '@pagelog/contracts/events/settings-events';
import type { Settings } from '@pagelog/contracts/locales';
import { emptyContact, type SiteSettings } from '@pagelog/contracts/settings/site-settings';
import { assertFails, deciderSpec } from '../core/decider-spec';
import { settingsDecider, type InitializeSettings, type SettingsFacts, type UpdateSettings } from './decider';

const settings = deciderSpec(settingsDecider);
const dutchAndEnglish: Settings = { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: ['en-gb'] };
const initialize = (locales: Settings = dutchAndEnglish, siteName = 'Voorbeeld'): InitializeSettings => ({ type: 'InitializeSettings', data: { locales, siteName } });

const initialized: SettingsEvent = { type: 'SettingsInitialized', data: dutchAndEnglish };
const named: SettingsEvent = { type: 'SiteIdentityChanged', data: { siteName: 'Voorbeeld', logo: null } };
const seeded = [initialized, named];

const site: SiteSettings = { siteName: 'Voorbeeld', logo: null, contact: emptyContact, social: [], defaultSeoImage: null };
const noFacts: SettingsFacts = { libraryItems: {}, pagesPerLocale: {} };
const image = { live: true, kind: 'image' as const };

/** An update of the seeded settings, with what the caller changes. */
function update(change: { site?: Partial<SiteSettings>; locales?: Partial<Settings>; confirm?: boolean; facts?: Partial<SettingsFacts> } = {}): UpdateSettings {
  return {
    type: 'UpdateSettings',
    data: { site: { ...site, ...change.site }, locales: { ...dutchAndEnglish, ...change.locales }, confirmRemoveLocalesWithPages: change.confirm ?? false },
    facts: { ...noFacts, ...change.facts },
  };
}

const on = (property: string, code = 'V_12') => [{ code, property, model: 'settings' }];

describe('settings decider', () => {
  describe('when the settings have never been set', () => {
    it('seeds the locales and the site name from the configuration', () => {
      settings.given().when(initialize()).then(seeded);
    });

    it('answers V_12 on the default locale when it is not one of the available locales', () => {
      settings.given().when(initialize({ ...dutchAndEnglish, defaultLocale: 'de-de' })).thenFails(ValidationError, on('defaultLocale'));
    });

    it('refuses an update: there is nothing to update yet', () => {
      settings.given().when(update()).thenFails(NotFoundError, [{ code: 'G_01', property: '', model: 'settings' }]);
    });
  });

  describe('when the settings have been set', () => {
    it('leaves them as they are when a later start brings other configuration', () => {
      settings.given(...seeded).when(initialize({ availableLocales: ['de-de'], defaultLocale: 'de-de', customSlugLocales: [] }, 'Ander')).thenNothing();
    });

    it('gives a store seeded before the site settings existed its configured name, once', () => {
      settings.given(initialized).when(initialize(dutchAndEnglish, 'Voorbeeld')).then([named]);
    });
  });

  describe('when the settings are updated', () => {
    it('records nothing when nothing changed', () => {
      settings.given(...seeded).when(update()).thenNothing();
    });

    it('records one event per changed section, each holding its section whole, in one go', () => {
      const contact = { ...emptyContact, city: 'Utrecht', email: 'info@voorbeeld.nl' };
      const social = [{ network: 'linkedin' as const, url: 'https://www.linkedin.com/company/voorbeeld' }];
      settings
        .given(...seeded)
        .when(update({ site: { siteName: 'Voorbeeld Onderzoek', contact, social }, locales: { customSlugLocales: [] } }))
        .then([
          { type: 'SiteIdentityChanged', data: { siteName: 'Voorbeeld Onderzoek', logo: null } },
          { type: 'SiteContactChanged', data: { contact } },
          { type: 'SiteSocialLinksChanged', data: { social } },
          { type: 'SiteLocalesChanged', data: { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [], removedLocalesWithPages: [] } },
        ]);
    });

    it('takes a logo and a default SEO image that are live pictures of the library', () => {
      settings
        .given(...seeded)
        .when(update({ site: { logo: { mediaId: 'logo' }, defaultSeoImage: { mediaId: 'photo' } }, facts: { libraryItems: { logo: { live: true, kind: 'svg' }, photo: image } } }))
        .then([
          { type: 'SiteIdentityChanged', data: { siteName: 'Voorbeeld', logo: { mediaId: 'logo' } } },
          { type: 'SiteDefaultSeoImageChanged', data: { defaultSeoImage: { mediaId: 'photo' } } },
        ]);
    });

    it('answers V_12 on the image for an item that is not a picture, was deleted, or never was', () => {
      const libraryItems = { pdf: { live: true, kind: 'document' as const }, gone: { live: false, kind: 'image' as const }, svg: { live: true, kind: 'svg' as const } };
      for (const mediaId of ['pdf', 'gone', 'nothing']) {
        settings.given(...seeded).when(update({ site: { logo: { mediaId } }, facts: { libraryItems } })).thenFails(ValidationError, on('site.logo'));
      }
      // An SVG is a fine logo, but no image a shared link can show.
      settings.given(...seeded).when(update({ site: { defaultSeoImage: { mediaId: 'svg' } }, facts: { libraryItems } })).thenFails(ValidationError, on('site.defaultSeoImage'));
    });

    it('keeps a logo it already held when its item left the library meanwhile, so the name can still change', () => {
      const withLogo: SettingsEvent = { type: 'SiteIdentityChanged', data: { siteName: 'Voorbeeld', logo: { mediaId: 'old' } } };
      settings
        .given(...seeded, withLogo)
        .when(update({ site: { siteName: 'Nieuw', logo: { mediaId: 'old' } }, facts: { libraryItems: { old: { live: false, kind: 'image' } } } }))
        .then([{ type: 'SiteIdentityChanged', data: { siteName: 'Nieuw', logo: { mediaId: 'old' } } }]);
    });

    it('answers V_12 when the default or a custom-slug locale is not available', () => {
      settings.given(...seeded).when(update({ locales: { defaultLocale: 'de-de' } })).thenFails(ValidationError, on('defaultLocale'));
      settings.given(...seeded).when(update({ locales: { customSlugLocales: ['fr-fr'] } })).thenFails(ValidationError, on('customSlugLocales'));
    });

    it('adds a locale and makes it the default', () => {
      settings
        .given(...seeded)
        .when(update({ locales: { availableLocales: ['nl-nl', 'en-gb', 'de-de'], defaultLocale: 'de-de' } }))
        .thenTypes('SiteLocalesChanged');
    });

    it('reports every refusal at once', () => {
      settings
        .given(...seeded)
        .when(update({ site: { logo: { mediaId: 'nothing' } }, locales: { defaultLocale: 'fr-fr', customSlugLocales: ['de-de'] } }))
        .thenFails(ValidationError, [...on('site.logo'), ...on('defaultLocale'), ...on('customSlugLocales')]);
    });
  });

  describe('when an update takes a locale away', () => {
    const onlyDutch = { availableLocales: ['nl-nl' as const], customSlugLocales: [] };

    it('takes it away when no page is written in it', () => {
      settings
        .given(...seeded)
        .when(update({ locales: onlyDutch, facts: { pagesPerLocale: { 'en-gb': 0 } } }))
        .then([{ type: 'SiteLocalesChanged', data: { availableLocales: ['nl-nl'], defaultLocale: 'nl-nl', customSlugLocales: [], removedLocalesWithPages: [] } }]);
    });

    it('refuses with SE_01 naming the locale and its pages, unless the removal is confirmed', () => {
      const refused = settings.given(...seeded).when(update({ locales: onlyDutch, facts: { pagesPerLocale: { 'en-gb': 3 } } })).thenFails(ValidationError, on('availableLocales', 'SE_01'));
      expect(refused.items[0]!.message).to.equal('3 pages are still written in en-gb: confirm the removal to take the locale off the site anyway.');
    });

    it('records the pages it leaves behind when the removal is confirmed', () => {
      settings
        .given(...seeded)
        .when(update({ locales: onlyDutch, confirm: true, facts: { pagesPerLocale: { 'en-gb': 3 } } }))
        .then([
          { type: 'SiteLocalesChanged', data: { availableLocales: ['nl-nl'], defaultLocale: 'nl-nl', customSlugLocales: [], removedLocalesWithPages: [{ locale: 'en-gb', pages: 3 }] } },
        ]);
    });

    it('needs no confirmation to change anything else while locales with pages stay', () => {
      settings.given(...seeded).when(update({ site: { siteName: 'Ander' }, facts: { pagesPerLocale: {} } })).thenTypes('SiteIdentityChanged');
    });

    it('never takes a locale away on a page count it was not given', () => {
      assertFails(() => settings.given(...seeded).when(update({ locales: onlyDutch })).thenNothing(), Error);
    });
  });

  describe('folding the history', () => {
    it('reads every section back from its latest event', () => {
      const contact = { ...emptyContact, phone: '+31 30 123 4567' };
      const { state } = settings.given(
        ...seeded,
        { type: 'SiteContactChanged', data: { contact } },
        { type: 'SiteDefaultSeoImageChanged', data: { defaultSeoImage: { mediaId: 'seo' } } },
        { type: 'SiteLocalesChanged', data: { availableLocales: ['en-gb'], defaultLocale: 'en-gb', customSlugLocales: [], removedLocalesWithPages: [{ locale: 'nl-nl', pages: 2 }] } },
      );
      expect(state).to.deep.equal({
        initialized: true,
        identitySet: true,
        locales: { availableLocales: ['en-gb'], defaultLocale: 'en-gb', customSlugLocales: [] },
        site: { ...site, contact, defaultSeoImage: { mediaId: 'seo' } },
      });
    });
  });
});
