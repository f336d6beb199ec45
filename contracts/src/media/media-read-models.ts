import type { FocalPoint, MediaItemKind } from './media';

/**
 * The documents of the media read models (names in read-models.ts), as the projector writes them
 * and the query service and the command side's look-ups read them.
 */

/** media_folders: a folder. The root is not stored (ROOT_FOLDER_ID, path `/`). */
export interface MediaFolderDoc {
  [field: string]: unknown;
  id: string;
  parentId: string;
  name: string;
  /** mediaNameKey(name). */
  nameKey: string;
  /** The whole path (`/a/b`), kept right when an ancestor moves. */
  path: string;
  /**
   * mediaNameKey(path): a path is found whatever its case, as names are unique whatever their case.
   * Null for a folder cut off from the root (its parent was deleted while it was created or moved
   * into it, decision 0012) and the folders below it: no path leads there, so its own path
   * (shown as if under the root) must not stand in for a real folder's. A search finds it.
   */
  pathKey: string | null;
  /** Ids of the folders directly inside, so a move can rewrite their paths. */
  childFolderIds: string[];
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** media_items: a file or video item. */
export interface MediaItemDoc {
  [field: string]: unknown;
  id: string;
  parentId: string;
  fileName: string;
  nameKey: string;
  kind: MediaItemKind;
  hash: string | null;
  contentType: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  defaultAltText: string;
  /** An image (image, gif, svg) without default alternative text: the library lists these. */
  missingAltText: boolean;
  shared: boolean;
  focalPoint: FocalPoint | null;
  videoId: string | null;
  link: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** media_usage: a page that refers to a hash now, id `${pageId}:${hash}`. */
export interface MediaUsageDoc {
  [field: string]: unknown;
  id: string;
  pageId: string;
  hash: string;
  title: string;
  slug: string;
  locale: string;
  status: string;
  inDraft: boolean;
  inPublished: boolean;
  revision: number;
}

/** media_usage_periods: a page referred to a hash from `from` until `to` (null: still does), id `${pageId}:${hash}:${fromPosition}`. */
export interface MediaUsagePeriodDoc {
  [field: string]: unknown;
  id: string;
  pageId: string;
  hash: string;
  from: string;
  to: string | null;
  fromPosition: number;
  toPosition: number | null;
  /** How the page used it through the period: an entry from each change on, so a past date reads the one in force then. */
  states: MediaUsageState[];
}

/** How a page used a hash from a moment (and log position) on. */
export interface MediaUsageState {
  at: string;
  position: number;
  title: string;
  slug: string;
  locale: string;
  status: string;
  inDraft: boolean;
  inPublished: boolean;
}
