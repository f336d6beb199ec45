import type { PublicPageCard } from '@pagelog/contracts/pages/page';

/**
 * What the server found out for a page's type data before rendering (site-web's
 * prepare-type-data.ts): an overview's page of listed pages, whether a vacancy has closed. The
 * components render from it; they read nothing themselves.
 */
export type TypeView = OverviewView | VacancyView;

export interface OverviewView {
  kind: 'overview';
  /** The page type listed (one of contracts' listablePageTypeIds). */
  listedType: string;
  /** The page of the list shown, 1-based, and how many there are (at least 1). */
  pageNumber: number;
  pageCount: number;
  /** The entries of this page, newest first; null when the list could not be read. */
  items: PublicPageCard[] | null;
  total: number;
  /** The public path of the overview itself: its pages are this with `?page=N` (LIST_PAGE_PARAM). */
  path: string;
}

export interface VacancyView {
  kind: 'vacancy';
  /** Its closing date has passed: the page says it is closed. */
  closed: boolean;
}

/** The query parameter an overview's pages are asked with (`/publicaties?page=2`), the same in every language. */
export const LIST_PAGE_PARAM = 'page';

/** The address of a page of an overview: its path, with the page number from the second page on. */
export function listPagePath(path: string, pageNumber: number): string {
  return pageNumber > 1 ? `${path}?${LIST_PAGE_PARAM}=${pageNumber}` : path;
}
