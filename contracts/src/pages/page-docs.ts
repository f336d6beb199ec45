import type { PageVersionView, PageView, PublicationRequestView, PublicPageView } from './page';

/**
 * The read-model documents of the page projections, shared by the projector (which writes them)
 * and the query service (which reads them and answers the views of ./page.ts).
 */

/** pages: the admin's view of a page, plus what the projection keeps to maintain it. */
export type PageDoc = PageView &
  Record<string, unknown> & {
    /** Every version of the page, so a deletion can remove them. */
    versionIds: string[];
    /** The internal paths the draft links to, as indexed in page_links. */
    linkPaths: string[];
  };

/** page_versions: the request is kept by id (the query service names the people). */
export type VersionDoc = Omit<PageVersionView, 'publicationRequest'> & Record<string, unknown> & { publicationRequestId: string | null; revision: number };

/** publication_requests: people by id (their names are sealed personal data, opened by the query service). */
export type RequestDoc = Omit<PublicationRequestView, 'requestedByName' | 'reviewedByName'> & Record<string, unknown>;

/** public_pages: the live version of a page, found by locale and slug, with its translation group (breadcrumbs and tag names are read at query time). */
export type PublishedDoc = Omit<PublicPageView, 'breadcrumbs' | 'tags'> &
  Record<string, unknown> & {
    id: string;
    translationGroupId: string;
    publishedAt: string;
    /** When the page first went live (kept across republications and unpublications); absent in documents from before it was kept. */
    firstPublishedAt?: string;
    /** What overviews and cards sort by, newest first (YYYY-MM-DD): see listDateOf. */
    listDate?: string;
    /** The page's tag ids (public and private; the site shows only public ones). */
    tags?: string[];
  };

/**
 * The date a published page is listed under (YYYY-MM-DD): the publication date its type data
 * names (articles, publications), else the day it first went live.
 */
export function listDateOf(typeData: Record<string, unknown> | undefined, firstPublishedAt: string): string {
  const named = typeData?.publicationDate;
  if (typeof named === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(named)) return named;
  return firstPublishedAt.slice(0, 10);
}

/**
 * public_page_tags, by `${tagId}|${pageId}`: a live page carrying a tag (of either visibility; the
 * reads keep to public tags), with what a tag's list is filtered and ordered by. Kept by the
 * public-pages projection with the live documents, so the two always agree.
 */
export type PublicPageTagDoc = Record<string, unknown> & { tagId: string; pageId: string; locale: string; type: string; listDate: string };

export const publicPageTagId = (tagId: string, pageId: string) => `${tagId}|${pageId}`;

/** public_redirects, by `${locale}:${slug}`: an old public path of a page that moved. */
export type RedirectDoc = Record<string, unknown> & { locale: string; slug: string; pageId: string };

export const redirectId = (locale: string, slug: string) => `${locale}:${slug}`;

/**
 * public_page_drafts, by page id: the public-pages projection's own working copy of each page's
 * draft, so a publication puts on the site what the draft held then. Read also by the view of the
 * site as it will be (issue 17), which publishes the drafts that are scheduled or in a release.
 */
export interface PublicDraftDoc extends Record<string, unknown> {
  pageId: string;
  slug: string;
  locale: string;
  type: string;
  translationGroupId: string;
  typeData: Record<string, unknown>;
  /** The draft as it stands: what the next publication puts on the site. */
  version: PublicPageView['pageVersion'];
  deleted?: boolean;
  /** When the page first went live: kept here, as the live document goes when the page is unpublished. */
  firstPublishedAt?: string;
  /** The page's tag ids (page-level: they hold on the live page at once). */
  tags?: string[];
  revision: number;
}

/**
 * The live document a publication of the draft puts on the site at `publishedAt`: the one rule
 * the projection (an event that happened) and the view of the site as it will be (a change that
 * is planned) share.
 */
export function liveDocOf(draft: PublicDraftDoc, publishedAt: string): PublishedDoc {
  const firstPublishedAt = draft.firstPublishedAt ?? publishedAt;
  return {
    id: draft.pageId,
    slug: draft.slug,
    type: draft.type,
    locale: draft.locale,
    translationGroupId: draft.translationGroupId,
    pageVersion: draft.version,
    publishedAt,
    firstPublishedAt,
    listDate: listDateOf(draft.typeData, firstPublishedAt),
    tags: draft.tags ?? [],
  };
}

/** The tag links of a live page: one document each, with what a tag's list filters and orders by. */
export function tagLinksOf(live: Pick<PublishedDoc, 'id' | 'locale' | 'type' | 'listDate'>, tags: readonly string[]): { id: string; doc: PublicPageTagDoc }[] {
  return tags.map((tagId) => ({ id: publicPageTagId(tagId, live.id), doc: { tagId, pageId: live.id, locale: live.locale, type: live.type, listDate: live.listDate ?? '' } }));
}
