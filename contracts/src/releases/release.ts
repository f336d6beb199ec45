import { number, object, string } from 'yup';
import type { ReleaseEvent } from '../events/release-events';
import { locales } from '../locales';
import { menuKinds, type MenuKind } from '../menus/menu';
import { TIME_TRAVEL_LINK_DEFAULT_HOURS, TIME_TRAVEL_LINK_MAX_HOURS } from '../time-travel/time-travel';

/**
 * Releases (issue 17): a named set of page versions previewed together in time travel, published
 * together in one step (no visitor sees part of it), optionally at a set moment, and rolled back
 * together. Menu changes join them: a menu's draft version, published with the pages.
 */

export const MAX_RELEASE_NAME = 120;
export const MAX_RELEASE_DESCRIPTION = 1000;
/** The most pages one release holds: its publication is one append over all their streams. */
export const MAX_RELEASE_PAGES = 100;

/** open: being put together; scheduled: open, to be published at its moment; published; rolledBack. */
export type ReleaseStatus = 'open' | 'scheduled' | 'published' | 'rolledBack';

/**
 * Where an item stands against its page now. ready: the page's draft is the item's version and
 * is not on the site yet (what the release publishes is the draft as it is then); changed: the
 * page has moved on to another draft (add it again to take that); live: the item's version is
 * the one on the site; gone: the page was deleted.
 */
export type ReleaseItemStatus = 'ready' | 'changed' | 'live' | 'gone';

export interface ReleaseItemView {
  pageID: string;
  versionID: string;
  title: string;
  locale: string;
  slug: string;
  status: ReleaseItemStatus;
  /** After publication: the version the page showed before (null: it was not on the site). */
  previousVersionID?: string | null;
  /** After a rollback: the version made from the previous one and put back (null: taken off). */
  restoredVersionID?: string | null;
}

export type ReleaseMenuStatus = Exclude<ReleaseItemStatus, 'gone'>;

/**
 * Where a menu change stands against its menu: its version on the site (live), still the draft
 * (ready), or the draft moved on (changed). A menu version never changes once saved, so the
 * version says it all. `draftVersion` null: the menu was never saved.
 */
export function releaseMenuStatus(version: number, menu: { draftVersion: number | null; publishedVersion: number | null }): ReleaseMenuStatus {
  if (menu.publishedVersion === version) return 'live';
  return menu.draftVersion === version ? 'ready' : 'changed';
}

/** A release's items with `item` added, or put in the place of the one `same` finds (added again: it follows the newer draft). */
export function withReleaseItem<T>(items: readonly T[], item: T, same: (existing: T) => boolean): T[] {
  const at = items.findIndex(same);
  return at < 0 ? [...items, item] : items.map((existing, n) => (n === at ? item : existing));
}

/**
 * A menu change in a release and where it stands against the menu now: ready (the menu's draft
 * is the item's version, not yet on the site), changed (the menu's draft moved on), live.
 */
export interface ReleaseMenuView {
  locale: string;
  kind: MenuKind;
  version: number;
  status: ReleaseMenuStatus;
  /** After publication: the version the site showed before (null: none). */
  previousVersion?: number | null;
  /** After a rollback: the version made to show that again. */
  restoredVersion?: number;
}

export interface ReleaseScheduleView {
  at: string;
  scheduledBy: string;
  scheduledByName?: string;
  attempts: number;
  lastError: { code: string; message: string } | null;
  retryAt: string | null;
}

export interface ReleaseHistoryEntry {
  type: ReleaseEvent['type'];
  at: string;
  by: string;
  byName?: string;
  position: number;
}

export interface ReleaseView {
  releaseID: string;
  name: string;
  description: string;
  status: ReleaseStatus;
  items: ReleaseItemView[];
  menus: ReleaseMenuView[];
  schedule: ReleaseScheduleView | null;
  createdAt: string;
  createdBy: string;
  publishedAt: string | null;
  publishedBy: string | null;
  rolledBackAt: string | null;
  rolledBackBy: string | null;
  history: ReleaseHistoryEntry[];
  revision: number;
}

export interface ReleaseSummary {
  releaseID: string;
  name: string;
  status: ReleaseStatus;
  itemCount: number;
  /** How many menu changes it holds. */
  menuCount: number;
  /** The pages it holds (the editor's release panel finds a page's releases by them). */
  pageIDs: string[];
  scheduledAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The releases projection's document, by release id (what the views are made from). */
export interface ReleaseDoc extends Record<string, unknown> {
  id: string;
  name: string;
  description: string;
  status: ReleaseStatus;
  items: { pageId: string; versionId: string; title: string; locale: string; slug: string; pageRevision?: number; previousVersionId?: string | null; restoredVersionId?: string | null }[];
  /** Its menu changes (absent in documents from before menus joined releases). */
  menus?: { menuId: string; locale: string; kind: MenuKind; version: number; previousVersion?: number | null; restoredVersion?: number }[];
  schedule: ReleaseScheduleView | null;
  /** When the scheduler should look at it: its moment, or the retry after a failure; '' when not scheduled. */
  dueAt: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  publishedAt: string | null;
  publishedBy: string | null;
  rolledBackAt: string | null;
  rolledBackBy: string | null;
  history: ReleaseHistoryEntry[];
  revision: number;
}

export interface ReleaseCommitted {
  releaseID: string;
  revision: number;
}

const revision = () => number().typeError('V_12').integer('V_12').min(0, 'V_12').optional();
const pageID = () => string().trim().required('V_01').max(64, 'V_12');
const isoMoment = () =>
  string()
    .trim()
    .required('V_01')
    .max(40, 'V_12')
    .test('moment', 'V_12', (value) => !value || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))));

/** POST release/create {name, description?}. */
export const createReleaseSchema = object({
  name: string().trim().required('V_01').max(MAX_RELEASE_NAME, 'V_14'),
  description: string().trim().default('').max(MAX_RELEASE_DESCRIPTION, 'V_14'),
});

/** POST release/:id/update {name, description?, revision?}. */
export const updateReleaseSchema = createReleaseSchema.shape({ revision: revision() });

/** POST release/:id/add-page and remove-page {pageID, revision?}. */
export const releasePageSchema = object({ pageID: pageID(), revision: revision() });

/** POST release/:id/add-menu and remove-menu {locale, kind, revision?}: the menu's draft as it is now. */
export const releaseMenuSchema = object({
  locale: string().trim().required('V_01').oneOf(locales as readonly string[] as string[], 'V_12'),
  kind: string().trim().required('V_01').oneOf(menuKinds as readonly string[] as string[], 'V_12'),
  revision: revision(),
});

/** POST release/:id/preview-link {hours?}: a signed link to the site now with the release published. */
export const releasePreviewLinkSchema = object({
  hours: number().typeError('V_12').integer('V_12').min(1, 'V_12').max(TIME_TRAVEL_LINK_MAX_HOURS, 'V_12').default(TIME_TRAVEL_LINK_DEFAULT_HOURS),
});

/** POST release/:id/schedule {at (ISO, in the future), revision?}. */
export const scheduleReleaseSchema = object({ at: isoMoment(), revision: revision() });

/** POST release/:id/publish, rollback, delete, schedule/cancel {revision?}. */
export const releaseRevisionSchema = object({ revision: revision() });
