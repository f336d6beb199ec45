import type { FormPostState } from '../app/forms/form-post';
import type { BlockImage } from '@pagelog/contracts/blocks/block';
import { seoImageOf, type PublicPageView } from '@pagelog/contracts/pages/page';
import { typeDataImage, typeDataMedia } from '@pagelog/contracts/pages/type-data-fields';
import { breadcrumbPathTags, mediaTag, menusTag, newsletterPopupTag, notFoundTags, pagePathTag, pageTag, SETTINGS_TAG, tagPathTag, tagTag, type CacheTag } from '@pagelog/contracts/site/cache-tags';
import { NOT_FOUND_SLUG, parsePublicPath, publicPath } from '@pagelog/contracts/slugs';
import { popupShownOn } from '@pagelog/contracts/newsletter-popup/popup-settings';
import type { NewsletterPopupView } from '../app/newsletter/newsletter-popup';
import type { AsOfBanner, PageSiblings, PageState, SiteChrome } from '../app/page-state';
import { mayBeTagPagePath, tagPageAddress } from '../app/tag-path';
import { buildHead } from './build-head';
import type { ClientAssets } from './client-assets';
import { listPagePath } from '../app/page-types/type-view';
import { parseRenderKey } from './list-page';
import { prepareSession } from './prepare-context';
import { readChrome } from './read-chrome';
import { preparePage } from './prepare-page';
import { prepareTypeData, type PreparedTypeData } from './prepare-type-data';
import type { Rendered } from './render-cache';
import { renderDocument } from './render-document';
import type { TracedSiteReads } from './site-api';
import type { SiteLogger } from './site-logger';
import { tagPageRender } from './tag-page-render';

/** A robots tag for pages no search engine should keep (a preview). */
const NOINDEX = '<meta name="robots" content="noindex, nofollow">';

export interface PageRenderDependencies {
  reads: TracedSiteReads;
  /** The site as of a past moment (time travel): every page carries its banner. */
  asOf?: AsOfBanner;
  clientAssets: () => ClientAssets;
  publicUrl: string;
  logger: SiteLogger;
}

/** The library media a page shows (block images and files, the SEO image), by item id and by content hash. */
function mediaTagsOf(page: PublicPageView): CacheTag[] {
  const tags: CacheTag[] = [];
  const image = (use: BlockImage) => tags.push(mediaTag(use.hash), ...(use.fileID ? [mediaTag(use.fileID)] : []));
  for (const block of page.pageVersion.blocks ?? []) {
    for (const use of block.__images ?? []) image(use);
    for (const file of block.__files ?? []) tags.push(mediaTag(file.hash));
  }
  const seo = seoImageOf(page.pageVersion.seoImage);
  if (seo?.kind === 'library') image(seo.image);
  const typeData = page.pageVersion.pageType?.props;
  for (const { field, hash } of typeDataMedia(typeData)) {
    const use = typeDataImage(typeData, field);
    if (use) image(use);
    else tags.push(mediaTag(hash));
  }
  return tags;
}

/** The head's addresses of a page of an overview's list: its own, and the previous and next pages. */
function pagingOf(typeData: PreparedTypeData): { current: string; prev: string | null; next: string | null } | undefined {
  const view = typeData.view;
  if (view?.kind !== 'overview' || view.items === null || typeData.pastTheEnd) return undefined;
  return {
    current: listPagePath(view.path, view.pageNumber),
    prev: view.pageNumber > 1 ? listPagePath(view.path, view.pageNumber - 1) : null,
    next: view.pageNumber < view.pageCount ? listPagePath(view.path, view.pageNumber + 1) : null,
  };
}

/** What showing a page (found, or the 404 page) depends on: the page, its path, the paths its breadcrumbs come from, its media, the tags it names. */
function pageTags(page: PublicPageView): CacheTag[] {
  const tags = Array.isArray(page.tags) ? page.tags.map((tag) => tagTag(tag.id)) : [];
  return [pageTag(page.pageVersion.pageID), pagePathTag(page.locale, page.slug), ...breadcrumbPathTags(page.locale, page.slug), ...mediaTagsOf(page), ...tags];
}

/**
 * Renders the answer for a public path, the same for every visitor (no session, no cookie, an
 * empty csrf-token meta that a form fills in when a visitor starts it), with the tags of
 * everything it shows: the page, its translations (the language switcher), the paths its
 * breadcrumbs come from, its media, the tags it names, the settings; for a 404 the path asked
 * for; for a redirect both paths. A tag page's address (`/tag/<slug>`, app/tag-path.ts) is the
 * tag page when tags/public knows the tag (tag-page-render.ts), and otherwise whatever is at that
 * path (a page, or the 404), kept until a tag page appears there.
 */
export function pageRender({ reads: source, clientAssets, publicUrl, logger, asOf }: PageRenderDependencies): (key: string, requestId: string, formPost?: FormPostState) => Promise<Rendered> {
  const renderTagPage = tagPageRender({ clientAssets, publicUrl, logger, ...(asOf ? { asOf } : {}) });

  /** A found page's translations; the page is shown without a language switcher (and not kept) when they cannot be read. */
  async function siblingsOf(reads: TracedSiteReads, page: PublicPageView, requestId: string): Promise<{ siblings: PageSiblings | null; read: boolean }> {
    const { pageID } = page.pageVersion;
    try {
      const pages = await reads.siblings(pageID, requestId);
      return { siblings: pages === null ? null : { pageID, pages }, read: true };
    } catch (err) {
      logger.warn({ err, requestId, pageID }, 'the sibling pages could not be read; the page is shown without a language switcher');
      return { siblings: null, read: false };
    }
  }

  /**
   * The newsletter popup of a found page: its locale's settings, when they show it on the page's
   * path. When they cannot be read the page is shown without it, and not kept.
   */
  async function popupOf(reads: TracedSiteReads, page: PublicPageView, defaultLocale: string, requestId: string): Promise<{ view: NewsletterPopupView | null; read: boolean }> {
    if (!reads.newsletterPopup) return { view: null, read: true };
    try {
      const popup = await reads.newsletterPopup(page.locale, requestId);
      const shown = popup !== null && popup.enabled && popupShownOn(popup, publicPath(page.locale, page.slug, defaultLocale));
      return { view: shown ? { popup, pageId: page.pageVersion.pageID } : null, read: true };
    } catch (err) {
      logger.warn({ err, requestId, locale: page.locale }, 'the newsletter popup could not be read; the page is shown without it');
      return { view: null, read: false };
    }
  }

  return async (key, requestId, formPost) => {
    // A page of a list past the first comes as `?page=N` (list-page.ts).
    const { path, listPage } = parseRenderKey(key);
    // One render's reads: a source that can reads each document once (the embedded mode).
    const reads = source.scoped?.() ?? source;
    // A page answering a form sent without JavaScript: the visitor's own, never kept.
    if (formPost) return { ...(await renderPath(reads, path, listPage, requestId, formPost)), cacheable: false };
    if (!mayBeTagPagePath(path)) return renderPath(reads, path, listPage, requestId);
    const settings = await reads.settings(requestId);
    const address = tagPageAddress(path, settings.defaultLocale);
    if (address === null || !settings.availableLocales.includes(address.locale)) return renderPath(reads, path, listPage, requestId);
    const tagPage = await renderTagPage({ reads, settings, ...address, listPage, requestId });
    if (tagPage !== null) return tagPage;
    const rendered = await renderPath(reads, path, listPage, requestId);
    return { ...rendered, tags: [...rendered.tags, tagPathTag(address.locale, address.slug)] };
  };

  /** The answer for a path that is no tag page: its page, the new path of a page that moved, or the 404. */
  async function renderPath(reads: TracedSiteReads, path: string, listPage: number, requestId: string, formPost?: FormPostState): Promise<Rendered> {
    const [settings, found] = await Promise.all([reads.settings(requestId), reads.pageBySlug(path, requestId)]);
    const { defaultLocale } = settings;
    const asked = parsePublicPath(path, defaultLocale);
    if (found.kind === 'redirect') {
      const target = parsePublicPath(found.location, defaultLocale);
      return {
        status: 301,
        location: found.location,
        tags: [SETTINGS_TAG, pagePathTag(asked.locale, asked.slug), pagePathTag(target.locale, target.slug)],
        cacheable: true,
      };
    }

    const prepared = found.page === null ? null : prepareSession({ pageID: found.page.pageVersion.pageID, locale: found.page.locale }, { reads, requestId, logger });
    const page = found.page === null || prepared === null ? null : await preparePage(found.page, prepared.context);
    const isPage = found.kind === 'page' && page !== null && page.slug !== NOT_FOUND_SLUG;
    const typeData: PreparedTypeData =
      page === null || prepared === null ? { view: null, pastTheEnd: false } : await prepareTypeData(page, prepared.context, { listPage: isPage ? listPage : 1, now: asOf?.at ? Date.parse(asOf.at) : Date.now(), defaultLocale });
    // A page of a list past its last is not found, though the overview says so itself.
    const isFound = isPage && !typeData.pastTheEnd;
    const locale = page?.locale ?? asked.locale;
    const [{ siblings, read }, chrome, popup] = await Promise.all([
      isFound ? siblingsOf(reads, page, requestId) : Promise.resolve({ siblings: null, read: true }),
      readChrome({ reads, settings, locale, requestId, logger }),
      isFound ? popupOf(reads, page, defaultLocale, requestId) : Promise.resolve({ view: null, read: true }),
    ]);
    const state: PageState = {
      page,
      status: isFound ? 200 : 404,
      siteName: settings.site.name,
      defaultLocale,
      locale,
      siblings,
      ...(chrome.chrome ? { chrome: chrome.chrome } : {}),
      ...(typeData.view ? { typeView: typeData.view } : {}),
      ...(formPost ? { formPost } : {}),
      ...(popup.view ? { newsletterPopup: popup.view } : {}),
      ...(asOf ? { asOf } : {}),
    };
    const paging = pagingOf(typeData);
    const head = buildHead({
      page,
      siteName: settings.site.name,
      publicUrl,
      defaultLocale,
      locale: state.locale,
      siblings: siblings?.pages ?? [],
      path,
      defaultSeoImage: settings.site.defaultSeoImage,
      ...(paging ? { paging } : {}),
    });
    const tags: CacheTag[] = [SETTINGS_TAG, menusTag(locale), ...(page ? pageTags(page) : []), ...(prepared?.tags ?? []), ...(siblings?.pages ?? []).map((s) => pageTag(s.pageID))];
    if (!isPage) tags.push(...notFoundTags(asked.locale, asked.slug, page?.pageVersion.pageID ?? null));
    // A found page shows the popup or not as its locale's settings say: either way it depends on them.
    if (isFound && reads.newsletterPopup) tags.push(newsletterPopupTag(locale));
    // A page number on a page that has no list shows the page as it is, but is not kept: made-up
    // numbers must not fill the cache with copies.
    const strayPageNumber = listPage > 1 && typeData.view?.kind !== 'overview';
    return {
      status: isFound ? 200 : 404,
      html: renderDocument({ state, head, assets: clientAssets() }),
      contentLanguage: state.locale,
      tags,
      cacheable: read && chrome.read && popup.read && (prepared?.complete ?? true) && !strayPageNumber,
      ...(typeData.expiresAt !== undefined ? { expiresAt: typeData.expiresAt } : {}),
    };
  }
}

/**
 * Renders a draft an editor sent for a preview (its token opened by the API) as the site would
 * show it once published: the same document, header, footer, menus and styles, with a band saying
 * it is a preview, `noindex`, and nothing kept (the caller answers it with no-store). No language
 * switcher: the draft's translations are not what a visitor would switch to.
 */
export function previewRender({ reads: source, clientAssets, publicUrl, logger }: PageRenderDependencies): (draft: PublicPageView, requestId: string) => Promise<string> {
  return async (draft, requestId) => {
    const reads = source.scoped?.() ?? source;
    const settings = await reads.settings(requestId);
    const { context } = prepareSession({ pageID: draft.pageVersion.pageID, locale: draft.locale }, { reads, requestId, logger });
    const page = await preparePage(draft, context);
    const { view } = await prepareTypeData(page, context, { listPage: 1, now: Date.now(), defaultLocale: settings.defaultLocale });
    let chrome: SiteChrome | undefined;
    try {
      const { name, logo, contact, social } = settings.site;
      chrome = { site: { name, logo, contact, social }, menus: await reads.menus(page.locale, requestId) };
    } catch (err) {
      logger.warn({ err, requestId, locale: page.locale }, 'the menus could not be read; the preview is shown without them');
    }
    const path = `/${page.slug}`;
    const state: PageState = {
      page,
      status: 200,
      siteName: settings.site.name,
      defaultLocale: settings.defaultLocale,
      locale: page.locale,
      siblings: null,
      preview: true,
      ...(chrome ? { chrome } : {}),
      ...(view ? { typeView: view } : {}),
    };
    const head = buildHead({ page, siteName: settings.site.name, publicUrl, defaultLocale: settings.defaultLocale, locale: page.locale, siblings: [], path, defaultSeoImage: settings.site.defaultSeoImage });
    return renderDocument({ state, head: `${NOINDEX}${head}`, assets: clientAssets() });
  };
}
