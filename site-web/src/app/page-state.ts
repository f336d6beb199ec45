import type { PublicPageView } from '@pagelog/contracts/pages/page';

/** The id of the script element that carries the page state from the server to the browser. */
export const PAGE_STATE_ELEMENT_ID = '__PAGELOG_STATE__';

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
}
