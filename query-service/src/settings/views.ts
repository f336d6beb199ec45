import type { MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { settingsImageUrl } from '@pagelog/contracts/settings/settings-urls';
import {
  emptyContact,
  emptySiteSettings,
  isSettingsImageKind,
  type PublicSite,
  type SettingsDoc,
  type SettingsImageGroup,
  type SettingsImageRef,
  type SettingsImageView,
  type SiteSettings,
} from '@pagelog/contracts/settings/site-settings';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/** The settings document; 404 G_01 before the settings are seeded. */
export async function settingsDoc(store: ReadModelStore): Promise<SettingsDoc> {
  const doc = await store.get<SettingsDoc>(readModels.settings.collection, SETTINGS_DOC_ID);
  if (!doc) throw new NotFoundError('G_01', '', 'settings');
  return doc;
}

/** The site settings of a document, whole even when it was written before they existed (until its rebuild). */
export function siteOf(doc: SettingsDoc): SiteSettings {
  const site = doc.site ?? emptySiteSettings;
  return { ...emptySiteSettings, ...site, contact: { ...emptyContact, ...site.contact } };
}

/** A settings image joined with the library item it names: the item while it is a picture of the kind the place takes, else null. */
export type JoinedImages = Record<SettingsImageGroup, MediaItemDoc | null>;

/** The library items the settings' images name, as the library has them now (one read for both). */
export async function joinImages(store: ReadModelStore, site: SiteSettings): Promise<{ joined: JoinedImages; found: Map<string, MediaItemDoc> }> {
  const ids = [site.logo?.mediaId, site.defaultSeoImage?.mediaId].filter((id): id is string => id !== undefined);
  const found = ids.length > 0 ? await store.getMany<MediaItemDoc>(readModels.mediaItems.collection, ids) : new Map<string, MediaItemDoc>();
  const usable = (group: SettingsImageGroup, ref: SettingsImageRef | null) => {
    const item = ref ? found.get(ref.mediaId) : undefined;
    return item && item.hash !== null && isSettingsImageKind(group, item.kind) ? item : null;
  };
  return { joined: { logo: usable('logo', site.logo), seo_image: usable('seo_image', site.defaultSeoImage) }, found };
}

/** What the public site shows of the organisation: ready to use, the images with their public addresses. */
export function publicSite(site: SiteSettings, images: JoinedImages): PublicSite {
  const address = (group: SettingsImageGroup, item: MediaItemDoc) => ({ url: settingsImageUrl(group, item.hash!, item.fileName), width: item.width, height: item.height });
  const { logo, seo_image: seo } = images;
  return {
    name: site.siteName,
    logo: logo ? { ...address('logo', logo), alt: logo.defaultAltText.trim() || site.siteName } : null,
    contact: site.contact,
    social: site.social,
    defaultSeoImage: seo ? address('seo_image', seo) : null,
  };
}

/** An image of the settings as the admin shows it: the item it names, marked unavailable once the site can no longer show it. */
export function imageView(group: SettingsImageGroup, ref: SettingsImageRef | null, found: Map<string, MediaItemDoc>, images: JoinedImages): SettingsImageView | null {
  if (!ref) return null;
  const item = found.get(ref.mediaId);
  return {
    mediaId: ref.mediaId,
    available: images[group] !== null,
    fileName: item?.fileName ?? null,
    kind: item?.kind ?? null,
    width: item?.width ?? null,
    height: item?.height ?? null,
  };
}
