import type { PageSchedules } from './schedules';
import type { Block, BlockImage } from '../blocks/block';
import type { PageCopiedFrom } from '../events/page-events';
import type { PageAction } from './page-actions';
import type { PublicTag } from '../tags/tag';

/**
 * Spec section 4: concept (never published), published (the draft is the live version), not
 * published (it was live once and has been unpublished), with unpublished changes (live, and the
 * draft has moved on).
 */
export type PublicationStatus = 'concept' | 'published' | 'not-published' | 'unpublished-changes';

export const publicationStatuses: readonly PublicationStatus[] = ['concept', 'published', 'not-published', 'unpublished-changes'];

/** The one derivation of a page's status, used by the command side, the projections and the admin. */
export function publicationStatus(page: { publishedVersionID: string | null; draftVersionID: string; everPublished: boolean }): PublicationStatus {
  if (page.publishedVersionID === null) return page.everPublished ? 'not-published' : 'concept';
  return page.publishedVersionID === page.draftVersionID ? 'published' : 'unpublished-changes';
}

/**
 * A page version's SEO image: an image from the media library (served as get-page-file with the
 * group `seo_image`), or the address of an image, as versions stored before the library hold it.
 */
export type SeoImage = string | BlockImage;

/** SEO fields of a page version. `seoImage` holds at most one element (spec section 5). */
export interface SeoFields {
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string[];
  seoImage: SeoImage[];
}

/** The SEO image of a version read as one of its two kinds; null when it has none. */
export function seoImageOf(seoImage: readonly unknown[] | null | undefined): { kind: 'url'; url: string } | { kind: 'library'; image: BlockImage } | null {
  const first = seoImage?.[0];
  if (typeof first === 'string') return first.trim() === '' ? null : { kind: 'url', url: first.trim() };
  if (typeof first === 'object' && first !== null && typeof (first as BlockImage).hash === 'string' && typeof (first as BlockImage).fileName === 'string') {
    return { kind: 'library', image: first as BlockImage };
  }
  return null;
}

/** The content of a version that editors store: what a save sends and what merges compare. */
export interface VersionContent extends SeoFields {
  title: string;
  blocks: Block[];
}

/** The open publication request of a page's draft, as the page carries it. */
export interface OpenRequest {
  requestId: string;
  versionId: string;
  comment: string;
  requestedBy: string;
  requestedAt: string;
}

/** The page as the admin reads it (spec section 3, Page). */
export interface PageView {
  id: string;
  slug: string;
  type: string;
  locale: string;
  title: string;
  content: string;
  typeData: Record<string, unknown>;
  /** Page settings: an optional anchor name of the page itself; empty for none. */
  anchor: string;
  translationGroupId: string;
  draftVersionID: string;
  publishedVersionID: string | null;
  /** The same as publishedVersionID (the spec names both). */
  publishedID: string | null;
  status: PublicationStatus;
  /** Whether any version was ever published (tells "not published" from "concept"). */
  everPublished: boolean;
  /** Spec section 3: whether a publication request is pending on the draft version. */
  hasPublicationRequest: boolean;
  openRequest: OpenRequest | null;
  copiedFrom: PageCopiedFrom | null;
  /** The page stream's revision: send it back when storing. */
  revision: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  publishedAt: string | null;
  /** The page's tag ids, public and private (issue 15); absent on pages never tagged. */
  tags?: string[];
  /** Pending scheduled publication and unpublication (issue 17); absent when none was ever set. */
  schedules?: PageSchedules;
}

/** A page of the same translation group (the Translations tab). */
export interface PageTranslation {
  pageID: string;
  locale: string;
  slug: string;
  title: string;
  status: PublicationStatus;
  /** The public path it has, or would have once published. */
  path: string;
  /** How many of its blocks changed in its source since it was last brought up to date (issue 17); absent for a page that is not a translation of this one. */
  staleBlocks?: number;
}

/**
 * One step of the editor's breadcrumbs: an ancestor path of the page (the home page first), with
 * the page there if there is one (any status; null: no page has that path).
 */
export interface PageBreadcrumb {
  pageID: string | null;
  /** The page's title; the path's last segment where no page is. */
  title: string;
  slug: string;
  path: string;
}

/** GET /page/{id}: the page with the names of the people involved, its public path and its translations. */
export interface PageDetails extends PageView {
  authorName: string;
  updatedByName: string;
  path: string;
  /** The page's ancestors by path, the home page first; the page itself is not among them. */
  breadcrumbs: PageBreadcrumb[];
  /** The other pages of the translation group, by locale. */
  translations: PageTranslation[];
  /** What the caller may do to the page in its state (see availablePageActions). */
  availableActions: PageAction[];
}

/** One row of the page overview (POST /page/list). */
export interface PageListItem {
  id: string;
  title: string;
  slug: string;
  path: string;
  locale: string;
  type: string;
  status: PublicationStatus;
  hasPublicationRequest: boolean;
  translationGroupId: string;
  draftVersionID: string;
  publishedVersionID: string | null;
  createdAt: string;
  createdBy: string;
  authorName: string;
  updatedAt: string;
  updatedBy: string;
  updatedByName: string;
  /** Pending scheduled publication and unpublication (issue 17). */
  schedules?: PageSchedules;
}

export type PublicationRequestStatus = 'requested' | 'accepted' | 'rejected' | 'revoked';

/** A publication request, open or decided. */
export interface PublicationRequestView {
  id: string;
  pageID: string;
  versionID: string;
  pageTitle: string;
  pageSlug: string;
  locale: string;
  type: string;
  comment: string;
  requestedBy: string;
  requestedByName: string;
  requestedAt: string;
  resentAt: string | null;
  status: PublicationRequestStatus;
  feedback: string;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
}

/** One version of a page (spec section 3, Page version). */
export interface PageVersionView extends VersionContent {
  id: string;
  pageID: string;
  /** Spec section 3: a request is pending on this version. */
  hasPublicationRequest: boolean;
  /** The latest publication request made for this version, open or decided. */
  publicationRequest: PublicationRequestView | null;
  /** Whether this version is (or was) published: such a version never changes again. */
  published: boolean;
  basedOnVersionId: string | null;
  storedAt: string;
  storedBy: string;
  /**
   * The page settings the version carries to the site when it is published: its page type's
   * data and its anchor.
   */
  settings?: { typeData: Record<string, unknown>; anchor: string };
}

/** One entry of a page's history, read straight from its event stream. */
export interface PageHistoryEntry {
  position: number;
  revision: number;
  type: string;
  occurredAt: string;
  actorId: string;
  actorName: string;
  versionId: string | null;
  /** What changed, in a few words for the history list (e.g. "slug over-ons → wie-wij-zijn"). */
  summary: string;
  /** True for a draft the editor stored by itself after typing stopped (decision 0019): lists group runs of them. */
  auto?: boolean;
}

/** A published sibling of a page, for the public site's language switcher. */
export interface SiblingSlug {
  pageID: string;
  locale: string;
  slug: string;
  /** Root path for the default locale, `/{locale}/{slug}` otherwise. */
  path: string;
  title: string;
}

/** One step of a public page's breadcrumbs: a published page above it. */
export interface PublicBreadcrumb {
  title: string;
  /** Its public path (locale prefix included outside the default locale). */
  path: string;
}

/** The published page as the public site reads it (spec section 3, Page public view). */
export interface PublicPageView {
  slug: string;
  type: string;
  locale: string;
  /**
   * The published pages above this one by path, the locale's home page first, the page itself not
   * among them (the site adds it as the last, unlinked step). get-by-slug always sends it; it is
   * optional only so that views made elsewhere from the read model (fixtures, the bench's time
   * travel) need not invent it.
   */
  breadcrumbs?: PublicBreadcrumb[];
  /**
   * The public tags the page carries, in the page's order (issue 15): never a private or merged
   * one. get-by-slug always sends it; optional for the same reason as the breadcrumbs.
   */
  tags?: PublicTag[];
  pageVersion: SeoFields & {
    pageID: string;
    versionID: string;
    title: string;
    blocks: Block[];
    pageType: { id: string; header: string; footer: string; props: Record<string, unknown> };
    images: unknown[];
    files: unknown[];
  };
}

/**
 * The image a card of a published page shows: its SEO image, else the library image its type data
 * holds (a team member's photo), else the first library image of its blocks. A library image is
 * served as that page's file (get-page-file under the page's id, group `type_image_{typeField}`
 * when `typeField` is set, else `seo_image` when `blockKey` is null, `block_images_{blockKey}`
 * otherwise).
 */
export type PageCardImage = { kind: 'library'; blockKey: string | null; typeField?: string; image: BlockImage } | { kind: 'url'; url: string };

/**
 * A published page as other pages show it: a card or teaser, an overview's entry, or the target
 * of a link by page id (the path it is at now).
 */
export interface PublicPageCard {
  pageID: string;
  locale: string;
  type: string;
  slug: string;
  /** Its public path (locale prefix outside the default locale). */
  path: string;
  title: string;
  /** The type data's summary, else the SEO description; may be ''. */
  summary: string;
  image: PageCardImage | null;
  /** The date the page is listed under (YYYY-MM-DD): its publication date, else its first publication. */
  date: string;
}

/** One page of a type's published pages, newest first, and how many there are in all. */
export interface PublicPageList {
  total: number;
  items: PublicPageCard[];
  /**
   * For a list filtered by a tag: the tag whose pages it holds, the one asked for or the tag that
   * one was merged into (pages follow a merge); null when the tag asked for is no public tag, and
   * the list is empty. Absent for a list without a tag.
   */
  listedTag?: string | null;
}

/** What pageCreate, pageCreateTranslation and pageDuplicate answer. */
export interface CreatedPage {
  pageID: string;
  pageVersionID: string;
  revision: number;
}

/** What pageSave answers. */
export interface SavedPage {
  pageID: string;
  /** The draft version after the save (a new one when the settings changed and the draft was live). */
  pageVersionID: string;
  slug: string;
  revision: number;
  linksUpdated: number;
  /** The pages below it that moved along (withSubpages), deepest first; empty otherwise. */
  subpagesMoved: { pageID: string; slug: string }[];
}

/** What pageVersionStore, pageStoreAndPublish and pageStoreAndUnpublish answer. */
export interface StoredVersion {
  pageID: string;
  pageVersionID: string;
  /** Only after store-and-publish and store-and-unpublish. */
  publishedVersionID?: string | null;
  revision: number;
  merged: boolean;
}

/** The data of a 409 to a store: the newer version, and what clashed with the editor's change. */
export interface StoreConflictData {
  currentRevision: number;
  conflicts?: string[];
  current?: VersionContent & { versionId: string };
}

/** What pagePublish and pageUnpublish answer. */
export interface PublishedPage {
  pageID: string;
  publishedVersionID: string | null;
  revision: number;
}

/** What pageRequestPublication answers. */
export interface RequestedPublication {
  pageID: string;
  pageVersionID: string;
  requestId: string;
  revision: number;
}

/** What accepting, rejecting, revoking and resending a request answer. */
export interface ReviewedRequest {
  pageID: string;
  pageVersionID: string;
  publishedVersionID: string | null;
  requestId: string;
  revision: number;
}

/** What pageDelete answers. */
export interface DeletedPage {
  pageID: string;
  revision: number;
}

/** What pageSlugAvailable answers. */
export interface SlugAvailability {
  available: boolean;
  slug: string;
  locale: string;
}

/** One page of a paginated list. */
export interface ListPage<T> {
  items: T[];
  totalItems: number;
  /**
   * More items matched than the list holds: a search of the page overview lists its best
   * matches only (query-service admin-page-search.ts), and says so. Absent otherwise.
   */
  truncated?: boolean;
}

/**
 * What a public path answers: the page; or, for an old path of a page that moved, no page and the
 * path now (301); or the locale's "404" page, if there is one (404).
 */
export interface PublicPageAnswer {
  page: PublicPageView | null;
  redirect?: string;
}
