import { streamOf } from './event';
import type { MenuKind } from '../menus/menu';

/** A release's stream: `release-<id>` (issue 17). */
export const releaseStream = (releaseId: string) => streamOf<ReleaseEvent>(`release-${releaseId}`);

/** A page in a release: the version it puts on the site, and where (as it was when it was added). */
export interface ReleaseItemRef {
  pageId: string;
  versionId: string;
  title: string;
  locale: string;
  slug: string;
  /** The page stream's revision when it was added: a later edit of the draft is not the release's until it is added again. */
  pageRevision: number;
}

/** A menu change in a release: the menu's draft version it publishes (menu versions never change once saved). */
export interface ReleaseMenuRef {
  menuId: string;
  locale: string;
  kind: MenuKind;
  version: number;
}

/** A named set of page versions to publish together, once or at a set moment. */
export interface ReleaseCreated {
  type: 'ReleaseCreated';
  data: { releaseId: string; name: string; description: string };
}

export interface ReleaseRenamed {
  type: 'ReleaseRenamed';
  data: { releaseId: string; name: string; description: string };
}

/** A page's draft joined the release (or, added again, its item follows the page's draft now). */
export interface ReleasePageAdded {
  type: 'ReleasePageAdded';
  data: { releaseId: string } & ReleaseItemRef;
}

export interface ReleasePageRemoved {
  type: 'ReleasePageRemoved';
  data: { releaseId: string; pageId: string };
}

/** A menu's draft joined the release (or, added again, its item follows the menu's draft now). */
export interface ReleaseMenuAdded {
  type: 'ReleaseMenuAdded';
  data: { releaseId: string } & ReleaseMenuRef;
}

export interface ReleaseMenuRemoved {
  type: 'ReleaseMenuRemoved';
  data: { releaseId: string; menuId: string };
}

export interface ReleaseScheduled {
  type: 'ReleaseScheduled';
  data: { releaseId: string; at: string; scheduledBy: string };
}

export interface ReleaseScheduleCancelled {
  type: 'ReleaseScheduleCancelled';
  data: { releaseId: string; at: string };
}

/** The scheduler could not publish a due release; it tries again at `retryAt`. */
export interface ReleaseScheduleFailed {
  type: 'ReleaseScheduleFailed';
  data: { releaseId: string; at: string; scheduledBy: string; code: string; message: string; attempt: number; retryAt: string };
}

/** A published item: the version that went live and the one it replaced (null: the page was not on the site). */
export interface ReleasedItem {
  pageId: string;
  versionId: string;
  previousVersionId: string | null;
  title: string;
  locale: string;
  slug: string;
}

/** A published menu change: the version that went live and the one it replaced (null: the menu was not on the site). */
export interface ReleasedMenu extends ReleaseMenuRef {
  previousVersion: number | null;
}

/** A rolled back menu change: the new version that shows what the site showed before (empty when the menu was not on it). */
export interface RolledBackMenu {
  menuId: string;
  locale: string;
  kind: MenuKind;
  releasedVersion: number;
  restoredVersion: number;
  previousVersion: number | null;
}

/**
 * The release went live: every item at this one position of the log, after the pages' own
 * records of it (PagePublished with the release's id), written in the same append. The public
 * site changes here, all pages at once.
 */
export interface ReleasePublished {
  type: 'ReleasePublished';
  data: { releaseId: string; name: string; items: ReleasedItem[]; menus?: ReleasedMenu[]; scheduled: boolean };
}

/**
 * The release was taken back: each page shows what it showed before again (a new version with
 * the previous one's content, published) or, when it was not on the site before, goes off it.
 * Like the publication, one position for all pages, after the pages' own events.
 */
export interface ReleaseRolledBack {
  type: 'ReleaseRolledBack';
  data: { releaseId: string; name: string; items: { pageId: string; releasedVersionId: string; restoredVersionId: string | null; title: string; locale: string; slug: string }[]; menus?: RolledBackMenu[] };
}

/** An open release was thrown away; its pages are untouched. */
export interface ReleaseDeleted {
  type: 'ReleaseDeleted';
  data: { releaseId: string; name: string };
}

export type ReleaseEvent =
  | ReleaseCreated
  | ReleaseRenamed
  | ReleasePageAdded
  | ReleasePageRemoved
  | ReleaseMenuAdded
  | ReleaseMenuRemoved
  | ReleaseScheduled
  | ReleaseScheduleCancelled
  | ReleaseScheduleFailed
  | ReleasePublished
  | ReleaseRolledBack
  | ReleaseDeleted;
