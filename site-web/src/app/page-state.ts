import type { PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';

/** The id of the script element that carries the page state from the server to the browser. */
export const PAGE_STATE_ELEMENT_ID = '__PAGELOG_STATE__';

/** The published translations of one page (the page itself included), for the language switcher. */
export interface PageSiblings {
  /** The page they were read for. */
  pageID: string;
  pages: SiblingSlug[];
}

/**
 * Everything the React app needs to render a page. The server renders with it and embeds it as
 * JSON, the browser hydrates with the very same object, so both render identical markup.
 */
export interface PageState {
  /** The published page, the site's own 404 page, or null when not even that exists. */
  page: PublicPageView | null;
  /** The status the server answered with (200 or 404). */
  status: number;
  siteName: string;
  defaultLocale: string;
  /** The page's locale; without a page, the locale of the requested path. */
  locale: string;
  /**
   * The siblings of a found page as the server read them; null when it did not (no page, the 404
   * page, or the call failed). The browser asks for those of a found page that has none here.
   */
  siblings: PageSiblings | null;
}
