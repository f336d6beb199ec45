import type { PublicPageCard } from '@pagelog/contracts/pages/page';
import type { PublicTag } from '@pagelog/contracts/tags/tag';

/**
 * What the server found for a tag page (server/tag-page-render.ts): the tag, and the page of its
 * published pages asked for. The components render from it and read nothing themselves.
 */
export interface TagPageView {
  tag: PublicTag;
  /** The tag page's own address (`/tag/<slug>`): its pages are this with `?page=N`. */
  path: string;
  /** The page of the list shown, 1-based, and how many there are (at least 1). */
  pageNumber: number;
  pageCount: number;
  /** The published pages carrying the tag, in all. */
  total: number;
  /** This page's entries, newest first; null when the list could not be read. */
  items: PublicPageCard[] | null;
}
