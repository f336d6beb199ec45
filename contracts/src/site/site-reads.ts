import type { PublicMenus } from '../menus/menu';
import type { PublicPageCard, PublicPageList, PublicPageView, SiblingSlug } from '../pages/page';
import { readModels } from '../read-models';
import type { SearchRequest, SearchResponse } from '../search/search';
import type { PublicNewsletterPopup } from '../newsletter-popup/popup-settings';
import type { PublicSettings } from '../settings/site-settings';
import type { TagView } from '../tags/tag';
import type { AsOfView } from '../time-travel/time-travel';

/** What is at a public path: a published page, the new path of a page that moved, or nothing. */
export type PageLookup =
  | { kind: 'page'; page: PublicPageView }
  /** The old path of a page that moved: `location` is its public path now (301). */
  | { kind: 'redirect'; location: string }
  /** Nothing: the locale's own 404 page when there is one. */
  | { kind: 'not-found'; page: PublicPageView | null };

/** Which published pages a list shows (POST /page/public-list). */
export interface PageListQuery {
  locale: string;
  /** A page type id, or '' for pages of any type. */
  type: string;
  count: number;
  offset: number;
  /** A page to leave out (the page the list is on), or ''. */
  excludePageID?: string;
  /**
   * A tag id, or '' for pages with or without tags: only pages carrying it. A public tag of the
   * locale only (a private or unknown one lists nothing); a merged one lists the pages of the tag it
   * was merged into.
   */
  tag?: string;
}

/**
 * The reads the public site makes (spec section 7: get-by-slug-query, get-sibling-slugs,
 * settings/get, menu/get-public), as a port: the embedded mode calls the query service's functions in-process, the
 * distributed mode the same over HTTP. None of them knows who the visitor is: an anonymous page
 * view starts no session, sends no cookie and writes nothing.
 */
export interface SiteReads {
  /** The path as the visitor typed it, e.g. `/en-gb/about/team`. */
  pageBySlug(path: string): Promise<PageLookup>;
  /**
   * The published pages of a page's translation group, the page itself included, in the order of
   * the available locales; null when the page is not published.
   */
  siblings(pageID: string): Promise<SiblingSlug[] | null>;
  /** The locales and what the site shows of the organisation (name, logo, contact details, social links, default SEO image). */
  settings(): Promise<PublicSettings>;
  /** A locale's published menus as the site shows them (only live items). */
  menus(locale: string): Promise<PublicMenus>;
  /**
   * The published pages among `pageIDs` as cards, in the order asked (pages not live are left
   * out): a cards block's chosen pages, and where links by page id point now.
   */
  pageCards(pageIDs: readonly string[]): Promise<PublicPageCard[]>;
  /** A locale's published pages (of a type, or any), newest first: overviews and "latest" cards. */
  pageList(query: PageListQuery): Promise<PublicPageList>;
  /**
   * The published pages matching a search (POST /search/search): the search results page. A
   * request the API refuses (a term over the length limit, say) rejects with a ValidationError
   * (domain-errors.ts) carrying the catalogue items, in both modes.
   */
  search(request: SearchRequest): Promise<SearchResponse>;
  /**
   * The public tag of a tag page (GET /tags/public {locale, slug}), as a visitor sees it: null for
   * an unknown tag, a private one, a merged one, or one on no published page (decision 0023).
   */
  publicTag(locale: string, slug: string): Promise<TagView | null>;
  /**
   * What a form shows in a locale as its settings say (GET /forms/public-settings/:form/:locale):
   * the intro and the thank-you text, the form's own where the settings give none; never the
   * recipients. Optional: without it a form shows its own texts.
   */
  formTexts?(form: string, locale: string): Promise<{ intro: string; thankYou: string }>;
  /**
   * The newsletter popup of a locale as its settings say (GET /newsletter-popup/public/:locale);
   * null when the API has none for it (an API without the module answers 404). Optional: without
   * it the site shows no popup.
   */
  newsletterPopup?(locale: string): Promise<PublicNewsletterPopup | null>;
  /**
   * The draft a preview token holds (POST /page/preview/open), or null when the API did not seal
   * it or it has expired. Optional: a site without it answers /_preview with 404.
   */
  preview?(token: string): Promise<PublicPageView | null>;
  /**
   * What a time-travel link's token opens (issue 17): the moment, for the banner, and the site's
   * reads as of it; null when the API did not sign the token or it has expired. Optional: a site
   * without it answers /_asof with 404.
   */
  asOf?(token: string): Promise<{ view: AsOfView; reads: SiteReads } | null>;
  /**
   * Reads for one page's render, where a source can do better than each read on its own (the
   * embedded mode reads each document once: the settings, the page). Optional: without it, the
   * render uses these reads.
   */
  scoped?(): SiteReads;
}

/**
 * The projections whose read models the public site reads (pages, redirects, settings, menus, the
 * library items the settings name, the tags its pages and tag pages name, the forms' texts, the
 * newsletter popup): an invalidation is sent
 * only once they have taken its event in, or the site would render the old state again and keep it.
 */
export const siteReadProjections: readonly string[] = [
  ...new Set([readModels.publicPages.projection, readModels.settings.projection, readModels.publicMenus.projection, readModels.mediaItems.projection, readModels.tags.projection, readModels.formSettings.projection, readModels.newsletterPopup.projection]),
];
