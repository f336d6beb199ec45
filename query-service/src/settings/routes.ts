import { locales, type Locale, type Settings } from '@pagelog/contracts/locales';
import { parseAspectRatio } from '@pagelog/contracts/media/media-urls';
import { readModels } from '@pagelog/contracts/read-models';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { settingsImageGroups, type PublicSettings, type SettingsImageGroup } from '@pagelog/contracts/settings/site-settings';
import { renditionsOf } from '@pagelog/storage/media/image-renditions';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps, UserQueryDeps } from '../core/query-deps';
import { readYourWrites } from '../core/read-your-writes';
import { renditionFor, sendFile, storedTypeOf } from '../media/files/file-answer';
import { imageView, joinImages, publicSite, settingsDoc, siteOf } from './views';

/** The site's locales (spec section 3, Settings): what the page queries decide paths by. */
export async function readSettings(deps: QueryDeps): Promise<Settings> {
  const doc = await settingsDoc(deps.readModels);
  return { availableLocales: doc.availableLocales, defaultLocale: doc.defaultLocale, customSlugLocales: doc.customSlugLocales };
}

/**
 * What settings/get answers (public): the locales and what the public site shows of the
 * organisation, its images joined with the library as it is now. The embedded site can read it
 * in-process with this, as the page reads go.
 */
export async function readPublicSettings(deps: QueryDeps): Promise<PublicSettings> {
  const doc = await settingsDoc(deps.readModels);
  const site = siteOf(doc);
  const { joined } = await joinImages(deps.readModels, site);
  return { availableLocales: doc.availableLocales, defaultLocale: doc.defaultLocale, customSlugLocales: doc.customSlugLocales, site: publicSite(site, joined) };
}

/** The address names the bytes and the rendition, and another image is another address: kept for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An automatic crop follows the item's focal point, which may move under the same address. */
const SHORT = 'public, max-age=300';
const sha256 = /^[0-9a-f]{64}$/;

const isGroup = (group: string): group is SettingsImageGroup => (settingsImageGroups as readonly string[]).includes(group);

export function settingsRoutes(deps: UserQueryDeps): EndpointRoute[] {
  const settings = readModels.settings.projection;
  const media = readModels.mediaItems.projection;
  // Looked up when a file is asked for: routes are built before (and without) their stores.
  const renditions = () => renditionsOf(deps.blobs);

  return [
    /**
     * Public (spec section 7): the locales at the top, as the spec names them, and in `site` what
     * the public site shows of the organisation, its images joined with the library now.
     */
    query('settingsGet', readYourWrites(deps, [settings, media]), async () => readPublicSettings(deps)),

    /** For the site settings screen (manage-settings): the settings as saved, the revision a save names, the images' items and each locale's pages. */
    query('settingsEdit', readYourWrites(deps, [settings, media, readModels.pages.projection]), async () => {
      const doc = await settingsDoc(deps.readModels);
      const site = siteOf(doc);
      const { joined, found } = await joinImages(deps.readModels, site);
      const counts = await Promise.all(locales.map((locale) => deps.readModels.count(readModels.pages.collection, { where: { locale } })));
      return {
        revision: doc.revision,
        availableLocales: doc.availableLocales,
        defaultLocale: doc.defaultLocale,
        customSlugLocales: doc.customSlugLocales,
        site,
        images: { logo: imageView('logo', site.logo, found, joined), defaultSeoImage: imageView('seo_image', site.defaultSeoImage, found, joined) },
        pagesPerLocale: Object.fromEntries(locales.map((locale, i) => [locale, counts[i]!])) as Record<Locale, number>,
      };
    }),

    /**
     * The logo (`logo`) or the default SEO image (`seo_image`) for anyone: only the bytes the
     * settings name there now (through their library item), with a rendition (`w`, `fm`) or an
     * automatic crop around the item's focal point (`ar`, for a shared link's 1.91:1) if asked.
     */
    query('settingsImage', readYourWrites(deps, [settings, media]), async (ctx, q) => {
      const { group, hash } = ctx.params as { group: string; hash: string };
      if (!isGroup(group)) throw new NotFoundError('V_12', 'group', 'settings');
      if (!sha256.test(hash)) throw new NotFoundError('V_12', 'hash', 'settings');
      const { joined } = await joinImages(deps.readModels, siteOf(await settingsDoc(deps.readModels)));
      const item = joined[group];
      if (!item || item.hash !== hash) throw new NotFoundError('V_12', 'hash', 'settings');
      const contentType = await storedTypeOf(deps.blobs, hash);
      const aspect = q.ar === undefined ? null : parseAspectRatio(q.ar);
      const rendition = await renditionFor(renditions(), hash, contentType, { w: q.w, fm: q.fm, aspect, focalPoint: item.focalPoint });
      return sendFile(ctx, deps.blobs, renditions(), { hash, contentType, rendition, fileName: item.fileName, cacheControl: aspect === null ? IMMUTABLE : SHORT, download: q.download === '1' });
    }),
  ];
}
