import type { SettingsEvent } from '@pagelog/contracts/events/settings-events';
import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import { emptySiteSettings, type SettingsDoc, type SiteSettings } from '@pagelog/contracts/settings/site-settings';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const { collection } = readModels.settings;

/** Before the settings are initialized there are no locales; a section event cannot come first, but the document must still be whole. */
const blank: SettingsDoc = { availableLocales: [], defaultLocale: 'en-gb', customSlugLocales: [], site: emptySiteSettings, revision: 0, updatedAt: null };

/**
 * Applies `change` to the settings document, once per event: the document remembers the
 * settings stream's revision, so a replay or a second delivery changes nothing.
 */
function change<K extends SettingsEvent['type']>(apply: (doc: SettingsDoc, event: RecordedOf<K>) => Partial<SettingsDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const current = await uow.get<SettingsDoc>(collection, SETTINGS_DOC_ID);
    if (alreadyApplied(current, event)) return;
    const doc = current ?? blank;
    uow.put(collection, SETTINGS_DOC_ID, { ...doc, ...apply(doc, event), revision: event.revision, updatedAt: event.metadata.occurredAt } satisfies SettingsDoc);
  };
}

const site = (doc: SettingsDoc, section: Partial<SiteSettings>): Pick<SettingsDoc, 'site'> => ({ site: { ...doc.site, ...section } });

/**
 * The settings document read by GET settings/get (the public site) and settings/edit (the
 * site settings screen): the locales and every section of the site settings, each as its latest
 * event left it. Images are held by library id; the readers join the library's items.
 */
export const settingsProjection = defineProjection<SettingsEvent['type']>({
  name: readModels.settings.projection,
  // 2: the site settings (name, logo, contact, social links, default SEO image) beside the locales.
  version: 3,
  collections: [{ name: collection, indexes: [], temporal: true }],
  handlers: {
    SettingsInitialized: change((_doc, event) => ({ ...event.data })),
    SiteIdentityChanged: change((doc, event) => site(doc, { siteName: event.data.siteName, logo: event.data.logo })),
    SiteContactChanged: change((doc, event) => site(doc, { contact: event.data.contact })),
    SiteSocialLinksChanged: change((doc, event) => site(doc, { social: event.data.social })),
    SiteDefaultSeoImageChanged: change((doc, event) => site(doc, { defaultSeoImage: event.data.defaultSeoImage })),
    SiteLocalesChanged: change((_doc, event) => {
      const { availableLocales, defaultLocale, customSlugLocales } = event.data;
      return { availableLocales, defaultLocale, customSlugLocales };
    }),
  },
});
