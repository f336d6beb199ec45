import type { TagVisibility } from './tag';

/**
 * The read-model documents of the tags projection, shared by the projector (which writes them),
 * the tag-merges reactor and the query service (which read them).
 */

/** tags, by tag id: the tag as it is now, with its page counts. A merged tag stays, flagged. */
export interface TagDoc extends Record<string, unknown> {
  id: string;
  locale: string;
  visibility: TagVisibility;
  name: string;
  key: string;
  slug: string;
  /** Merged into another tag: it is no more (lists leave it out), its pages are moving to `mergedInto`. */
  merged: boolean;
  mergedInto: string | null;
  /** The log position of the merge (absent before it, and in documents from before it was kept). */
  mergedAt?: number;
  /** Pages carrying it, deleted ones not counted. */
  pageCount: number;
  /** Of those, the ones the site shows. */
  publishedPageCount: number;
  createdAt: string;
  /** The tag stream's revision this document has seen. */
  revision: number;
}

/** tag_pages, by page id: the projection's own memory of each page (it reads no other projection). */
export interface TagPageDoc extends Record<string, unknown> {
  id: string;
  locale: string;
  tags: string[];
  /** The site shows a version of it. */
  live: boolean;
  deleted: boolean;
  /** The page stream's revision this document has seen. */
  revision: number;
}

/** tag_page_links, by `${tagId}|${pageId}`: which pages carry a tag now, found by tag. */
export interface TagPageLinkDoc extends Record<string, unknown> {
  tagId: string;
  pageId: string;
  live: boolean;
}

export const tagPageLinkId = (tagId: string, pageId: string) => `${tagId}|${pageId}`;

/**
 * tag_addresses, by `${locale}|${slug}`: every slug a tag has had, so a tag page's old address
 * (before a rename, or of a tag merged away) still leads to the tag it became. Never deleted; a
 * tag that takes the slug later takes the address over.
 */
export interface TagAddressDoc extends Record<string, unknown> {
  locale: string;
  slug: string;
  tagId: string;
}

export const tagAddressId = (locale: string, slug: string) => `${locale}|${slug}`;
