import { DEFAULT_OVERVIEW_PAGE_SIZE } from '@pagelog/contracts/pages/page-types';
import type { PublicPageList } from '@pagelog/contracts/pages/page';
import type { PublicSettings } from '@pagelog/contracts/settings/site-settings';
import { menusTag, pageTag, SETTINGS_TAG, tagPathTag, taggedPagesTag, tagTag, type CacheTag } from '@pagelog/contracts/site/cache-tags';
import type { PageState } from '../app/page-state';
import { listPagePath } from '../app/page-types/type-view';
import { tagPath } from '../app/tag-path';
import { tagTexts } from '../app/tags/tag-texts';
import type { TagPageView } from '../app/tags/tag-page-view';
import { buildHead } from './build-head';
import type { PageRenderDependencies } from './page-render';
import { readChrome } from './read-chrome';
import type { Rendered } from './render-cache';
import { renderDocument } from './render-document';
import type { TracedSiteReads } from './site-api';

/** Pages on one page of a tag page's list: as many as an overview shows by default. */
export const TAG_PAGE_SIZE = DEFAULT_OVERVIEW_PAGE_SIZE;

export interface TagPageRequest {
  /** One render's reads (the caller's scoped reads). */
  reads: TracedSiteReads;
  settings: PublicSettings;
  /** The locale and the tag's slug of the address asked for (app/tag-path.ts). */
  locale: string;
  slug: string;
  /** The page of the list asked for (`?page=N`), 1 when none is. */
  listPage: number;
  requestId: string;
}

/**
 * Renders a tag page (issue 15) in the site's layout: the tag's name as the heading, then the
 * published pages carrying it, newest first, paged as an overview is. Answers null when the
 * address names no tag page (an unknown tag, a private one, one on no published page:
 * tags/public says none, so a private tag's existence is never revealed): the caller then
 * answers the path as any other. An old address of a tag (before a rename, or of a tag merged
 * into it) answers 301 to its page now. A page of the list past the last one is a 404 that says
 * so. Kept in the render cache with the tags of the tag (its name: a rename or merge), of its
 * pages (one going live, moving, going off the site, given or losing the tag), of its address,
 * and of the settings and menus around it.
 */
export function tagPageRender({ clientAssets, publicUrl, logger, asOf }: Omit<PageRenderDependencies, 'reads'>): (request: TagPageRequest) => Promise<Rendered | null> {
  return async ({ reads, settings, locale, slug, listPage, requestId }) => {
    const tag = await reads.publicTag(locale, slug, requestId);
    if (tag === null) return null;
    const { defaultLocale } = settings;
    if (tag.slug !== slug) {
      // An old address of the tag (renamed, or merged into this one): moved for good, until a
      // tag takes the slug (its page events name the address) or the tag changes again.
      return {
        status: 301,
        location: tagPath(locale, tag.slug, defaultLocale),
        tags: [SETTINGS_TAG, tagPathTag(locale, slug), tagTag(tag.id), taggedPagesTag(tag.id)],
        cacheable: true,
      };
    }
    let list: PublicPageList | null;
    try {
      list = await reads.pageList({ locale, type: '', tag: tag.id, count: TAG_PAGE_SIZE, offset: (listPage - 1) * TAG_PAGE_SIZE }, requestId);
    } catch (err) {
      logger.warn({ err, requestId, tagId: tag.id }, 'the pages of a tag could not be read; the tag page is shown without them');
      list = null;
    }
    // The tag's count and its list are two read models: for a moment after its last page left the
    // site they may disagree. No pages is no tag page.
    if (list !== null && list.total === 0) return null;
    const path = tagPath(locale, tag.slug, defaultLocale);
    const pageCount = Math.max(1, Math.ceil((list?.total ?? 0) / TAG_PAGE_SIZE));
    const pastTheEnd = list !== null && listPage > pageCount;
    const view: TagPageView = { tag: { id: tag.id, name: tag.name, slug: tag.slug }, path, pageNumber: listPage, pageCount, total: list?.total ?? 0, items: list?.items ?? null };
    const chrome = await readChrome({ reads, settings, locale, requestId, logger });
    const words = tagTexts(locale);
    const status = pastTheEnd ? 404 : 200;
    const state: PageState = {
      ...(asOf ? { asOf } : {}),
      page: null,
      status,
      siteName: settings.site.name,
      defaultLocale,
      locale,
      siblings: null,
      ...(chrome.chrome ? { chrome: chrome.chrome } : {}),
      tagPage: view,
    };
    const common = { page: null, siteName: settings.site.name, publicUrl, defaultLocale, locale, siblings: [], defaultSeoImage: settings.site.defaultSeoImage };
    const head = pastTheEnd
      ? buildHead({ ...common, path: listPagePath(path, listPage), documentTitle: `${words.heading(tag.name)} | ${settings.site.name}` })
      : buildHead({
          ...common,
          listing: { title: words.heading(tag.name), description: words.description(tag.name) },
          paging: {
            current: listPagePath(path, listPage),
            prev: listPage > 1 ? listPagePath(path, listPage - 1) : null,
            next: listPage < pageCount ? listPagePath(path, listPage + 1) : null,
          },
        });
    const tags: CacheTag[] = [SETTINGS_TAG, menusTag(locale), tagTag(tag.id), taggedPagesTag(tag.id), tagPathTag(locale, slug), ...(list?.items ?? []).map((item) => pageTag(item.pageID))];
    return {
      status,
      html: renderDocument({ state, head, assets: clientAssets() }),
      contentLanguage: locale,
      tags,
      cacheable: list !== null && chrome.read,
    };
  };
}
