import { readPublicNewsletterPopup } from '../newsletter-popup/routes';
import { readPublicFormSettings } from '../forms/form-settings';
import type { Block } from '@pagelog/contracts/blocks/block';
import { seoImageOf, type PageCardImage, type PublicPageCard, type PublicPageList, type PublicPageView, type SiblingSlug } from '@pagelog/contracts/pages/page';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { listDateOf, redirectId, type PublicPageTagDoc, type PublishedDoc, type RedirectDoc } from '@pagelog/contracts/pages/page-docs';
import { typeDataImage, typeDataMedia } from '@pagelog/contracts/pages/type-data-fields';
import { readModels } from '@pagelog/contracts/read-models';
import { searchSchema } from '@pagelog/contracts/search/schemas';
import type { PageListQuery, PageLookup, SiteReads } from '@pagelog/contracts/site/site-reads';
import { isValidSlug, NOT_FOUND_SLUG, parsePublicPath, publicPath } from '@pagelog/contracts/slugs';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { validateInput } from '@pagelog/contracts/validation';
import type { PreviewTokens } from '@pagelog/service-kit/http/preview-tokens';
import type { TimeTravelTokens } from '@pagelog/service-kit/http/time-travel-tokens';
import type { QueryDeps } from '../core/query-deps';
import { openPreview } from './preview';
import { readScope } from '../core/read-scope';
import { readPublicMenus } from '../menus/routes';
import { readPublicSettings, readSettings } from '../settings/routes';
import { searchPublic } from '../search/public-search';
import { pagePublicTags } from '../tags/page-public-tags';
import { readPublicTag } from '../tags/routes';
import { publicBreadcrumbs } from './breadcrumbs';

/*
 * The public site's reads, shared by the HTTP routes (get-by-slug-query, get-by-slug,
 * get-sibling-slugs) and the embedded site, which calls them in-process through `siteReads`.
 * They take no request: nothing here depends on who asks.
 */

const published = readModels.publicPages.collection;
const redirects = readModels.publicRedirects.collection;
const pageTags = readModels.publicPageTags.collection;
const tags = readModels.tags.collection;

/** The page as the site shows it: built field by field, so nothing else of the document (its tag ids among them) leaves. */
async function publicView(deps: QueryDeps, doc: PublishedDoc, defaultLocale: string): Promise<PublicPageView> {
  const [breadcrumbs, publicTags] = await Promise.all([publicBreadcrumbs(deps, doc, defaultLocale), pagePublicTags(deps, doc.tags ?? [])]);
  return { slug: doc.slug, type: doc.type, locale: doc.locale, breadcrumbs, tags: publicTags, pageVersion: doc.pageVersion };
}

/**
 * What is at a public path (locale prefix recognised, the default locale otherwise): its published
 * page; for an old path of a page that moved, the page's path now; otherwise the locale's "404"
 * page (or none).
 */
export async function lookupPublicPage(deps: QueryDeps, path: string): Promise<PageLookup> {
  const settings = await readSettings(deps);
  const { locale, slug } = parsePublicPath(path.startsWith('/') ? path : `/${path}`, settings.defaultLocale);
  const find = async (s: string) => (await deps.readModels.find<PublishedDoc>(published, { where: { locale, slug: s }, limit: 1 }))[0] ?? null;
  // Only a valid slug can name a page or an old address of one (the path is decoded by now, so
  // it may hold anything, a NUL included): anything else is not found without asking a store.
  const valid = isValidSlug(slug);
  const page = valid ? await find(slug) : null;
  if (page && slug !== NOT_FOUND_SLUG) return { kind: 'page', page: await publicView(deps, page, settings.defaultLocale) };
  const redirect = valid ? await deps.readModels.get<RedirectDoc>(redirects, redirectId(locale, slug)) : null;
  const target = redirect ? await deps.readModels.get<PublishedDoc>(published, redirect.pageId) : null;
  if (target) return { kind: 'redirect', location: publicPath(target.locale, target.slug, settings.defaultLocale) };
  const notFound = await find(NOT_FOUND_SLUG);
  return { kind: 'not-found', page: notFound ? await publicView(deps, notFound, settings.defaultLocale) : null };
}

/** The published pages of a page's translation group (itself included) in the order of the site's locales; null when it is not published. */
export async function publishedSiblings(deps: QueryDeps, pageID: string): Promise<SiblingSlug[] | null> {
  const page = await deps.readModels.get<PublishedDoc>(published, pageID);
  if (!page) return null;
  const settings = await readSettings(deps);
  const group = page.translationGroupId ? await deps.readModels.find<PublishedDoc>(published, { where: { translationGroupId: page.translationGroupId } }) : [page];
  const order = (locale: string) => {
    const i = settings.availableLocales.indexOf(locale as never);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return group
    .map((p) => ({ pageID: p.id, locale: p.locale, slug: p.slug, path: publicPath(p.locale, p.slug, settings.defaultLocale), title: p.pageVersion.title }))
    .sort((a, b) => order(a.locale) - order(b.locale) || a.locale.localeCompare(b.locale));
}

/** A card's image: the page's SEO image, else its type data's library image (a team member's photo), else the first library image of its blocks. */
function cardImage(doc: PublishedDoc): PageCardImage | null {
  const seo = seoImageOf(doc.pageVersion.seoImage);
  if (seo?.kind === 'url') return { kind: 'url', url: seo.url };
  if (seo?.kind === 'library') return { kind: 'library', blockKey: null, image: seo.image };
  const typeData = doc.pageVersion.pageType?.props;
  for (const { field } of typeDataMedia(typeData)) {
    const image = typeDataImage(typeData, field);
    if (image) return { kind: 'library', blockKey: null, typeField: field, image };
  }
  const blocks: Block[] = Array.isArray(doc.pageVersion.blocks) ? doc.pageVersion.blocks : [];
  for (const block of blocks) {
    const image = block.__images?.[0];
    if (image) return { kind: 'library', blockKey: block.key, image };
  }
  return null;
}

function cardOf(doc: PublishedDoc, defaultLocale: string): PublicPageCard {
  const props = doc.pageVersion.pageType?.props ?? {};
  const summary = typeof props.summary === 'string' && props.summary.trim() !== '' ? props.summary : (doc.pageVersion.seoDescription ?? '');
  return {
    pageID: doc.id,
    locale: doc.locale,
    type: doc.type,
    slug: doc.slug,
    path: publicPath(doc.locale, doc.slug, defaultLocale),
    title: doc.pageVersion.title,
    summary,
    image: cardImage(doc),
    date: doc.listDate ?? listDateOf(props, doc.firstPublishedAt ?? doc.publishedAt),
  };
}

/** The published pages among the ids, as cards, in the order asked; the site's 404 pages are never shown as cards. */
export async function publicPageCards(deps: QueryDeps, pageIDs: readonly string[]): Promise<PublicPageCard[]> {
  const ids = [...new Set(pageIDs)];
  if (ids.length === 0) return [];
  const [settings, docs] = await Promise.all([readSettings(deps), deps.readModels.getMany<PublishedDoc>(published, ids)]);
  return ids.flatMap((id) => {
    const doc = docs.get(id);
    return doc && doc.slug !== NOT_FOUND_SLUG ? [cardOf(doc, settings.defaultLocale)] : [];
  });
}

/** The most merges a list's tag is followed through (a chain is short; a loop is never written, but must not hang a read). */
const MAX_MERGE_HOPS = 10;

/**
 * The public tag a list filtered by `tagId` shows the pages of: the tag itself, or the tag it was
 * merged into (a cards block or an overview names a tag by id, and its pages follow a merge); null
 * for an unknown or private tag, whose pages the site never lists.
 */
async function listedTagOf(deps: QueryDeps, tagId: string): Promise<string | null> {
  let id = tagId;
  for (let hop = 0; hop <= MAX_MERGE_HOPS; hop += 1) {
    const tag = await deps.readModels.get<TagDoc>(tags, id);
    if (!tag || tag.visibility !== 'public') return null;
    if (!tag.merged) return tag.id;
    if (!tag.mergedInto) return null;
    id = tag.mergedInto;
  }
  return null;
}

/**
 * A locale's published pages (of a type, or any; carrying a public tag, or any), newest first
 * (ties by page id, so paging is stable), without the locale's 404 page and the page excluded.
 * Without a tag the live pages are read; with one, its (tag, live page) documents, kept by the
 * same projection, so both filter, count and page in the store. The 404 page and the excluded one
 * rarely match the list: only when one does are the pages before the window read too, so that
 * the window is exact.
 */
export async function publicPageList(deps: QueryDeps, query: PageListQuery): Promise<PublicPageList> {
  const settings = await readSettings(deps);
  const tagId = query.tag ? await listedTagOf(deps, query.tag) : undefined;
  if (tagId === null) return { total: 0, items: [], listedTag: null };
  const where: Record<string, string> = { locale: query.locale, ...(query.type ? { type: query.type } : {}) };
  const listWhere = tagId === undefined ? where : { ...where, tagId };
  const listed = (doc: PublishedDoc | null): doc is PublishedDoc =>
    doc !== null && doc.locale === query.locale && (!query.type || doc.type === query.type) && (tagId === undefined || (doc.tags ?? []).includes(tagId));
  const [notFound, excluded, total] = await Promise.all([
    deps.readModels.find<PublishedDoc>(published, { where: { ...where, slug: NOT_FOUND_SLUG }, limit: 1 }),
    query.excludePageID ? deps.readModels.get<PublishedDoc>(published, query.excludePageID) : Promise.resolve(null),
    deps.readModels.count(tagId === undefined ? published : pageTags, { where: listWhere }),
  ]);
  const hidden = new Set([...notFound, excluded].filter(listed).map((d) => d.id));
  /** The window asked for of a list whose documents each name a page. */
  async function windowOf<T extends PublishedDoc | PublicPageTagDoc>(collection: string, pageIdOf: (doc: T) => string): Promise<T[]> {
    const orderBy = { field: 'listDate', direction: 'desc' as const };
    if (hidden.size === 0) return deps.readModels.find<T>(collection, { where: listWhere, orderBy, offset: query.offset, limit: query.count });
    const docs = await deps.readModels.find<T>(collection, { where: listWhere, orderBy, limit: query.offset + query.count + hidden.size });
    return docs.filter((d) => !hidden.has(pageIdOf(d))).slice(query.offset, query.offset + query.count);
  }
  let docs: PublishedDoc[];
  if (tagId === undefined) {
    docs = await windowOf<PublishedDoc>(published, (d) => d.id);
  } else {
    const ids = (await windowOf<PublicPageTagDoc>(pageTags, (d) => d.pageId)).map((d) => d.pageId);
    const pages = await deps.readModels.getMany<PublishedDoc>(published, ids);
    docs = ids.flatMap((id) => pages.get(id) ?? []);
  }
  const items = docs.map((d) => cardOf(d, settings.defaultLocale));
  return { total: Math.max(0, total - hidden.size), items, ...(tagId === undefined ? {} : { listedTag: tagId }) };
}

/** The public tag of a tag page, as a visitor sees it (tags/public); null where that answers 404. */
async function publicTagOrNull(deps: QueryDeps, locale: string, slug: string) {
  try {
    return await readPublicTag(deps, locale, slug);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * The site's reads in-process (the embedded mode): the very functions the HTTP routes answer with.
 * `scoped()` gives one render reads that read each document once (readScope); `perRender: false`
 * leaves it out, for read models that keep their answers already (the embedded site's document
 * cache).
 */
export function siteReads(deps: QueryDeps & { previews?: PreviewTokens; timeTravel?: TimeTravelTokens }, options: { perRender?: boolean } = {}): SiteReads {
  const { previews, timeTravel } = deps;
  const reads: SiteReads = {
    pageBySlug: (path) => lookupPublicPage(deps, path),
    siblings: (pageID) => publishedSiblings(deps, pageID),
    settings: () => readPublicSettings(deps),
    menus: (locale) => readPublicMenus(deps, locale),
    pageCards: (pageIDs) => publicPageCards(deps, pageIDs),
    pageList: (query) => publicPageList(deps, query),
    publicTag: (locale, slug) => publicTagOrNull(deps, locale, slug),
    formTexts: (form, locale) => readPublicFormSettings(deps, form, locale),
    newsletterPopup: (locale) => readPublicNewsletterPopup(deps, locale),
    // Checked as the route checks it (no HTTP here to do it): a term too long is the same ValidationError in both modes.
    search: async (request) => searchPublic(deps, validateInput(searchSchema, request, 'search')),
    ...(previews ? { preview: (token: string) => openPreview({ ...deps, previews }, token) } : {}),
    // Imported late: the time-travel reads are these very reads over the past.
    ...(timeTravel ? { asOf: async (token: string) => (await import('../time-travel/time-travel')).openMoment({ ...deps, timeTravel }, token) } : {}),
  };
  return options.perRender === false ? reads : { ...reads, scoped: () => siteReads({ ...deps, readModels: readScope(deps.readModels) }, { perRender: false }) };
}
