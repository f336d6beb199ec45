import type { FormPostState } from './forms/form-post';
import type { PublicMenus } from '@pagelog/contracts/menus/menu';
import type { PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import { emptyContact, type PublicSite } from '@pagelog/contracts/settings/site-settings';
import type { NewsletterConfirmView } from './newsletter/newsletter-confirm-page';
import type { NewsletterPopupView } from './newsletter/newsletter-popup';
import type { TypeView } from './page-types/type-view';
import type { SearchView } from './search/search-view';
import type { TagPageView } from './tags/tag-page-view';

/** The published translations of one page (the page itself included), for the language switcher. */
export interface PageSiblings {
  /** The page they were read for. */
  pageID: string;
  pages: SiblingSlug[];
}

/** What the header and footer show of the organisation: settings/get's `site`, without the SEO image (the head's concern). */
export type ChromeSite = Pick<PublicSite, 'name' | 'logo' | 'contact' | 'social'>;

/**
 * Everything around a page's own content: the organisation (name, logo, contact details, social
 * links) and the locale's menus (GET /menu/get-public). The breadcrumbs come with the page itself
 * (`PublicPageView.breadcrumbs`).
 */
export interface SiteChrome {
  site: ChromeSite;
  menus: PublicMenus;
}

/** Everything the React app needs to render a page on the server. */
export interface PageState {
  /** The published page, the site's own 404 page, or null when not even that exists. */
  page: PublicPageView | null;
  /** The status the server answered with (200 or 404). */
  status: number;
  /** The configured site name: the name shown when there is no chrome. */
  siteName: string;
  defaultLocale: string;
  /** The page's locale; without a page, the locale of the requested path. */
  locale: string;
  /** The siblings of a found page; null when they were not read (no page, the 404 page, or the call failed). */
  siblings: PageSiblings | null;
  /** The site settings and menus; absent, the page shows the site name and no menus. */
  chrome?: SiteChrome;
  /** A draft shown as a preview (/_preview): the page says so at its top. */
  preview?: boolean;
  /** The site as of a past moment (time travel, /_asof): a banner says when, read-only, with the way back to the present. */
  asOf?: AsOfBanner;
  /** What the server prepared for the page's type data (an overview's list, whether a vacancy closed). */
  typeView?: TypeView;
  /** The search results page (page null): what was searched and what was found. */
  search?: SearchView;
  /** A tag page (page null): the tag and the page of its published pages shown. */
  tagPage?: TagPageView;
  /** The page answers a form on it sent without JavaScript (never kept in the render cache). */
  formPost?: FormPostState;
  /** The newsletter's confirmation page (page null): the token of the mailed link. */
  newsletterConfirm?: NewsletterConfirmView;
  /** The newsletter popup, on the pages its settings show it on (closed until the browser opens it). */
  newsletterPopup?: NewsletterPopupView;
}

export const noMenus: PublicMenus = { main: [], footer: [], service: [] };

/** The chrome a page shows: the one it was given, or the site name alone without menus or details. */
export function chromeOf(state: Pick<PageState, 'chrome' | 'siteName'>): SiteChrome {
  return state.chrome ?? { site: { name: state.siteName, logo: null, contact: emptyContact, social: [] }, menus: noMenus };
}

/** What the banner of a view of the past shows. */
export interface AsOfBanner {
  /** The past (absent too), the site as it will be, or a release's preview. */
  kind?: 'past' | 'future' | 'release';
  /** A release's preview: the release's name. */
  releaseName?: string;
  /** The release could not be published as it stands: the site is shown without it. */
  releaseNotReady?: boolean;
  /** When the moment's event happened, or the future's moment (ISO); null for the very start. */
  at: string | null;
  position: number;
  /** Where "back to the present" goes. */
  leaveHref: string;
}
