import { isDeepStrictEqual } from 'node:util';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { PageEvent, PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { MenuEvent } from '@pagelog/contracts/events/menu-events';
import type { ReleaseEvent, ReleaseItemRef, ReleasedItem, ReleasedMenu, ReleaseMenuRef, ReleaseRolledBack, RolledBackMenu } from '@pagelog/contracts/events/release-events';
import type { Evolver } from '@pagelog/contracts/events/event';
import { MAX_RELEASE_PAGES, releaseMenuStatus, withReleaseItem, type ReleaseMenuStatus } from '@pagelog/contracts/releases/release';
import { SCHEDULE_MAX_AHEAD_MS } from '@pagelog/contracts/pages/schedules';
import { assertNever, type Decider } from '../core/decider';
import { evolvePage, initialPageState, isLive, type PageState } from '../pages/page-state';
import { publicationDecider, type Actor } from '../pages/publication/decider';
import { initialMenuState, nextVersion as nextMenuVersion, type MenuState } from '../menus/decider';

export const RELEASE_MODEL = 'release';

/** What the release rules know of a release's history. */
export interface ReleaseState {
  exists: boolean;
  deleted: boolean;
  releaseId: string;
  name: string;
  description: string;
  status: 'open' | 'published' | 'rolledBack';
  /** The pages it holds, in the order they were added (one item per page). */
  items: ReleaseItemRef[];
  /** Its menu changes, in the order they were added (one per menu). */
  menus: ReleaseMenuRef[];
  schedule: { at: string; scheduledBy: string; attempts: number } | null;
  /** What its publication put on the site (for the rollback). */
  published: ReleasedItem[];
  publishedMenus: ReleasedMenu[];
}

export const initialReleaseState: ReleaseState = {
  exists: false,
  deleted: false,
  releaseId: '',
  name: '',
  description: '',
  status: 'open',
  items: [],
  menus: [],
  schedule: null,
  published: [],
  publishedMenus: [],
};

export function evolveRelease(state: ReleaseState, event: ReleaseEvent): ReleaseState {
  switch (event.type) {
    case 'ReleaseCreated':
      return { ...initialReleaseState, exists: true, releaseId: event.data.releaseId, name: event.data.name, description: event.data.description };
    case 'ReleaseRenamed':
      return { ...state, name: event.data.name, description: event.data.description };
    case 'ReleasePageAdded': {
      const { releaseId: _r, ...item } = event.data;
      return { ...state, items: withReleaseItem(state.items, item, (i) => i.pageId === item.pageId) };
    }
    case 'ReleasePageRemoved':
      return { ...state, items: state.items.filter((i) => i.pageId !== event.data.pageId) };
    case 'ReleaseMenuAdded': {
      const { releaseId: _r, ...menu } = event.data;
      return { ...state, menus: withReleaseItem(state.menus, menu, (m) => m.menuId === menu.menuId) };
    }
    case 'ReleaseMenuRemoved':
      return { ...state, menus: state.menus.filter((m) => m.menuId !== event.data.menuId) };
    case 'ReleaseScheduled':
      return { ...state, schedule: { at: event.data.at, scheduledBy: event.data.scheduledBy, attempts: 0 } };
    case 'ReleaseScheduleCancelled':
      return { ...state, schedule: null };
    case 'ReleaseScheduleFailed':
      return state.schedule ? { ...state, schedule: { ...state.schedule, attempts: event.data.attempt } } : state;
    case 'ReleasePublished':
      return { ...state, status: 'published', schedule: null, published: event.data.items, publishedMenus: event.data.menus ?? [] };
    case 'ReleaseRolledBack':
      return { ...state, status: 'rolledBack' };
    case 'ReleaseDeleted':
      return { ...state, deleted: true, schedule: null };
    default:
      return assertNever(event);
  }
}

export const releaseEvolver: Evolver<ReleaseState, ReleaseEvent> = { initialState: initialReleaseState, evolve: evolveRelease };

/** A page as a release command sees it: its state and its whole history (a rollback needs older versions). */
export interface PageFacts {
  state: PageState;
  /** The page stream's revision the decision is based on (the append expects it). */
  revision: number;
  history: readonly PageStreamEvent[];
}

export type ReleaseCommand =
  | { type: 'CreateRelease'; data: { releaseId: string; name: string; description: string } }
  | { type: 'UpdateRelease'; data: { name: string; description: string } }
  | { type: 'AddReleasePage'; data: { page: PageState; revision: number } }
  | { type: 'RemoveReleasePage'; data: { pageId: string } }
  | { type: 'AddReleaseMenu'; data: { menu: MenuState } }
  | { type: 'RemoveReleaseMenu'; data: { menuId: string } }
  | { type: 'ScheduleRelease'; data: { at: string; now: string; actorId: string; mayPublishMenus?: boolean } }
  | { type: 'CancelReleaseSchedule' }
  | { type: 'RecordReleaseScheduleFailure'; data: { at: string; code: string; message: string; retryAt: string } }
  | { type: 'DeleteRelease' };

function requireRelease(state: ReleaseState): void {
  if (!state.exists || state.deleted) throw new NotFoundError('PM_01', 'id', RELEASE_MODEL);
}

/** Only an open release changes: a published or rolled back one is history. */
function requireOpen(state: ReleaseState): void {
  requireRelease(state);
  if (state.status !== 'open') throw ValidationError.of('V_07', 'status', RELEASE_MODEL);
}

export function decideRelease(command: ReleaseCommand, state: ReleaseState): ReleaseEvent[] {
  switch (command.type) {
    case 'CreateRelease': {
      // A retry of the same create (new releases have new ids).
      if (state.exists) return [];
      return [{ type: 'ReleaseCreated', data: command.data }];
    }
    case 'UpdateRelease': {
      requireOpen(state);
      const { name, description } = command.data;
      if (name === state.name && description === state.description) return [];
      return [{ type: 'ReleaseRenamed', data: { releaseId: state.releaseId, name, description } }];
    }
    case 'AddReleasePage': {
      requireOpen(state);
      const page = command.data.page;
      if (!isLive(page)) throw new NotFoundError('PM_01', 'pageID', RELEASE_MODEL);
      // Nothing to release: the page's draft is what the site shows.
      if (page.publishedVersionId === page.draftVersionId) throw ValidationError.of('V_07', 'pageID', RELEASE_MODEL);
      const item: ReleaseItemRef = { pageId: page.pageId, versionId: page.draftVersionId, title: page.draft.title, locale: page.locale, slug: page.slug, pageRevision: command.data.revision };
      const existing = state.items.find((i) => i.pageId === page.pageId);
      if (existing && isDeepStrictEqual(existing, item)) return [];
      if (!existing && state.items.length >= MAX_RELEASE_PAGES) throw ValidationError.of('V_14', 'items', RELEASE_MODEL);
      return [{ type: 'ReleasePageAdded', data: { releaseId: state.releaseId, ...item } }];
    }
    case 'RemoveReleasePage': {
      requireOpen(state);
      if (!state.items.some((i) => i.pageId === command.data.pageId)) throw new NotFoundError('PM_01', 'pageID', RELEASE_MODEL);
      return [{ type: 'ReleasePageRemoved', data: { releaseId: state.releaseId, pageId: command.data.pageId } }];
    }
    case 'AddReleaseMenu': {
      requireOpen(state);
      const menu = command.data.menu;
      if (!menu.exists) throw ValidationError.of('MN_07', 'kind', RELEASE_MODEL);
      // Nothing to release: the menu's draft is what the site shows.
      if (menu.publishedVersion === menu.draftVersion) throw ValidationError.of('V_07', 'kind', RELEASE_MODEL);
      const ref: ReleaseMenuRef = { menuId: menu.menuId, locale: menu.locale, kind: menu.kind, version: menu.draftVersion };
      const existing = state.menus.find((m) => m.menuId === menu.menuId);
      if (existing && isDeepStrictEqual(existing, ref)) return [];
      return [{ type: 'ReleaseMenuAdded', data: { releaseId: state.releaseId, ...ref } }];
    }
    case 'RemoveReleaseMenu': {
      requireOpen(state);
      if (!state.menus.some((m) => m.menuId === command.data.menuId)) throw new NotFoundError('PM_01', 'kind', RELEASE_MODEL);
      return [{ type: 'ReleaseMenuRemoved', data: { releaseId: state.releaseId, menuId: command.data.menuId } }];
    }
    case 'ScheduleRelease': {
      requireOpen(state);
      const at = Date.parse(command.data.at);
      const now = Date.parse(command.data.now);
      if (!(at > now) || at - now > SCHEDULE_MAX_AHEAD_MS) throw ValidationError.of('V_12', 'at', RELEASE_MODEL);
      if (isEmpty(state)) throw ValidationError.of('V_07', 'items', RELEASE_MODEL);
      // The scheduler publishes it as the system: only someone who may publish its menus plans that.
      requireMenuRight(state.menus, command.data.mayPublishMenus);
      return [{ type: 'ReleaseScheduled', data: { releaseId: state.releaseId, at: new Date(at).toISOString(), scheduledBy: command.data.actorId } }];
    }
    case 'CancelReleaseSchedule': {
      requireOpen(state);
      if (!state.schedule) throw ValidationError.of('V_07', 'schedule', RELEASE_MODEL);
      return [{ type: 'ReleaseScheduleCancelled', data: { releaseId: state.releaseId, at: state.schedule.at } }];
    }
    case 'RecordReleaseScheduleFailure': {
      const d = command.data;
      // Cancelled, moved or published meanwhile: nothing failed that still stands.
      if (state.deleted || state.status !== 'open' || !state.schedule || state.schedule.at !== d.at) return [];
      return [{
        type: 'ReleaseScheduleFailed',
        data: { releaseId: state.releaseId, at: d.at, scheduledBy: state.schedule.scheduledBy, code: d.code, message: d.message, attempt: state.schedule.attempts + 1, retryAt: d.retryAt },
      }];
    }
    case 'DeleteRelease':
      requireOpen(state);
      return [{ type: 'ReleaseDeleted', data: { releaseId: state.releaseId, name: state.name } }];
    default:
      return assertNever(command);
  }
}

/** A release's single-stream rules, in the shape every decider has. */
export const releaseDecider: Decider<ReleaseCommand, ReleaseEvent, ReleaseState> = { ...releaseEvolver, decide: decideRelease };

/** A release holds nothing to publish. */
const isEmpty = (state: ReleaseState) => state.items.length === 0 && state.menus.length === 0;

/** Menus change only with the right to change them (manage-menu); undefined: the system, which may. */
function requireMenuRight(menus: readonly unknown[], may: boolean | undefined): void {
  if (menus.length > 0 && may === false) throw new ForbiddenError('UM_01');
}

/** What a publication or a rollback writes: each page's events, each menu's, then the release's, in one append. */
export interface ReleaseDecision {
  pages: { pageId: string; revision: number; events: PageEvent[] }[];
  menus: { menuId: string; revision: number; events: MenuEvent[] }[];
  release: ReleaseEvent[];
}

/** A menu as a release command sees it. */
export interface MenuFacts {
  state: MenuState;
  revision: number;
}

/** Where a menu change stands against its menu (the rule the release screen shows too). */
export function menuItemStatus(ref: Pick<ReleaseMenuRef, 'version'>, menu: MenuState): ReleaseMenuStatus {
  return releaseMenuStatus(ref.version, { draftVersion: menu.exists ? menu.draftVersion : null, publishedVersion: menu.publishedVersion });
}

function menuFactsOf(menus: ReadonlyMap<string, MenuFacts>, menuId: string): MenuFacts {
  return menus.get(menuId) ?? { state: initialMenuState, revision: 0 };
}


/** What stores into a version: after the item was added, it is no longer what the publisher saw. */
const CONTENT_EVENTS: ReadonlySet<string> = new Set(['PageVersionStored', 'PageSettingsStored', 'PageLinksUpdated']);

/**
 * Where an item stands against its page (the same words as the admin's item status). A draft
 * edited after the item was added is changed, as a scheduled publication is dropped by an edit
 * (decision 0024): no edit goes live unseen; adding the page again takes it.
 */
export function itemStatus(item: Pick<ReleaseItemRef, 'versionId' | 'pageRevision'>, page: Pick<PageFacts, 'state' | 'history'>): 'ready' | 'changed' | 'live' | 'gone' {
  const state = page.state;
  if (!isLive(state)) return 'gone';
  if (state.publishedVersionId === item.versionId) return 'live';
  if (state.draftVersionId !== item.versionId) return 'changed';
  const since = page.history.slice(item.pageRevision);
  return since.some((e) => CONTENT_EVENTS.has(e.type) && (e.data as { versionId?: string }).versionId === item.versionId) ? 'changed' : 'ready';
}

function factsOf(pages: ReadonlyMap<string, PageFacts>, pageId: string): PageFacts {
  return pages.get(pageId) ?? { state: initialPageState, revision: 0, history: [] };
}

/** The PagePublished and PageUnpublished of a release carry its id: the site changes with the release's own event. */
function marked(events: PageEvent[], releaseId: string): PageEvent[] {
  return events.map((e) => (e.type === 'PagePublished' || e.type === 'PageUnpublished' ? ({ ...e, data: { ...e.data, releaseId } } as PageEvent) : e));
}

/**
 * Publishes every item at once: each page's draft goes live (an open request on it counts as
 * accepted, as when a page is published by hand) and the release records what went live and what
 * it replaced. Every item must be ready (the page's draft is the item's version, not yet live),
 * or nothing is published; each one that is not is named. A scheduled run (`scheduledAt`) that
 * finds the schedule cancelled, moved or not yet due publishes nothing.
 */
export function publishRelease(
  state: ReleaseState,
  pages: ReadonlyMap<string, PageFacts>,
  d: { actor: Actor; now: string; scheduledAt?: string; mayPublishMenus?: boolean },
  menus: ReadonlyMap<string, MenuFacts> = new Map(),
): ReleaseDecision {
  if (d.scheduledAt !== undefined) {
    const due = state.exists && !state.deleted && state.status === 'open' && state.schedule?.at === d.scheduledAt && Date.parse(d.scheduledAt) <= Date.parse(d.now);
    if (!due) return { pages: [], menus: [], release: [] };
  }
  requireOpen(state);
  if (isEmpty(state)) throw ValidationError.of('V_07', 'items', RELEASE_MODEL);
  requireMenuRight(state.menus, d.mayPublishMenus);
  const notReady = [
    ...state.items.flatMap((item, i) => (itemStatus(item, factsOf(pages, item.pageId)) === 'ready' ? [] : [errorItem('V_07', `items[${i}].pageID`, RELEASE_MODEL)])),
    ...state.menus.flatMap((menu, i) => (menuItemStatus(menu, menuFactsOf(menus, menu.menuId).state) === 'ready' ? [] : [errorItem('V_07', `menus[${i}].kind`, RELEASE_MODEL)])),
  ];
  if (notReady.length > 0) throw new ValidationError(notReady);
  const decided = state.items.map((item) => {
    const page = factsOf(pages, item.pageId);
    const events = marked(publicationDecider.decide({ type: 'PublishPage', data: d.actor }, page.state), state.releaseId);
    const released: ReleasedItem = { pageId: item.pageId, versionId: item.versionId, previousVersionId: page.state.publishedVersionId, title: page.state.draft.title, locale: page.state.locale, slug: page.state.slug };
    return { part: { pageId: item.pageId, revision: page.revision, events }, released };
  });
  const menuParts = state.menus.map((ref) => {
    const menu = menuFactsOf(menus, ref.menuId);
    const event: MenuEvent = { type: 'MenuPublished', data: { menuId: ref.menuId, locale: ref.locale, kind: ref.kind, version: ref.version, releaseId: state.releaseId } };
    return { part: { menuId: ref.menuId, revision: menu.revision, events: [event] }, released: { ...ref, previousVersion: menu.state.publishedVersion } satisfies ReleasedMenu };
  });
  return {
    pages: decided.map((x) => x.part),
    menus: menuParts.map((x) => x.part),
    release: [{
      type: 'ReleasePublished',
      data: { releaseId: state.releaseId, name: state.name, items: decided.map((x) => x.released), ...(menuParts.length > 0 ? { menus: menuParts.map((x) => x.released) } : {}), scheduled: d.scheduledAt !== undefined },
    }],
  };
}

/** A version's content and settings as they were last stored into it (its page's history folded). */
export function versionContentOf(history: readonly PageStreamEvent[], versionId: string): Pick<PageState, 'draft' | 'typeData' | 'anchor'> | null {
  let state = initialPageState;
  let found: Pick<PageState, 'draft' | 'typeData' | 'anchor'> | null = null;
  for (const event of history) {
    state = evolvePage(state, event);
    if (state.draftVersionId === versionId) found = { draft: state.draft, typeData: state.typeData, anchor: state.anchor };
  }
  return found;
}

/**
 * Takes the release back, all pages at once: a page that was on the site before shows that
 * version's content again, as a new version made from it and published (history is never
 * rewritten; a draft someone started since stays in the page's versions); a page that was not
 * goes off the site. Every page must still show the version the release put there and have no
 * open publication request, or nothing changes.
 */
export function rollbackRelease(
  state: ReleaseState,
  pages: ReadonlyMap<string, PageFacts>,
  d: { newVersionId: (pageId: string) => string; mayPublishMenus?: boolean },
  menus: ReadonlyMap<string, MenuFacts> = new Map(),
): ReleaseDecision {
  requireRelease(state);
  if (state.status !== 'published') throw ValidationError.of('V_07', 'status', RELEASE_MODEL);
  requireMenuRight(state.publishedMenus, d.mayPublishMenus);
  const blocked = [
    ...state.published.flatMap((item, i) => {
      const page = factsOf(pages, item.pageId).state;
      return isLive(page) && page.publishedVersionId === item.versionId && page.openRequest === null ? [] : [errorItem('V_07', `items[${i}].pageID`, RELEASE_MODEL)];
    }),
    // A menu published again since (by hand, or by another release) is not this release's to take back.
    ...state.publishedMenus.flatMap((menu, i) => {
      const now = menuFactsOf(menus, menu.menuId).state;
      const restorable = menu.previousVersion === null || now.versions.has(menu.previousVersion);
      return now.publishedVersion === menu.version && restorable ? [] : [errorItem('V_07', `menus[${i}].kind`, RELEASE_MODEL)];
    }),
  ];
  if (blocked.length > 0) throw new ValidationError(blocked);
  const items: ReleaseRolledBack['data']['items'] = [];
  const parts = state.published.map((item) => {
    const page = factsOf(pages, item.pageId);
    const s = page.state;
    let events: PageEvent[];
    let restoredVersionId: string | null = null;
    const previous = item.previousVersionId === null ? null : versionContentOf(page.history, item.previousVersionId);
    // The earlier version must be found in the page's history: never take a page off by mistake.
    if (item.previousVersionId !== null && previous === null) throw ValidationError.of('V_07', `items[${state.published.indexOf(item)}].pageID`, RELEASE_MODEL);
    if (item.previousVersionId === null || previous === null) {
      events = publicationDecider.decide({ type: 'UnpublishPage', data: { actorId: 'system', isReviewer: true } }, s);
    } else {
      restoredVersionId = d.newVersionId(item.pageId);
      const versionId = restoredVersionId;
      const { title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } = previous.draft;
      events = [
        { type: 'PageDraftStarted', data: { pageId: s.pageId, versionId, basedOnVersionId: item.previousVersionId } },
        { type: 'PageVersionStored', data: { pageId: s.pageId, versionId, title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } },
      ];
      if (!isDeepStrictEqual(previous.typeData, s.typeData) || previous.anchor !== s.anchor) {
        events.push({ type: 'PageSettingsStored', data: { pageId: s.pageId, versionId, typeData: previous.typeData, anchor: previous.anchor } });
      }
      events.push({ type: 'PagePublished', data: { pageId: s.pageId, versionId, slug: s.slug, locale: s.locale } });
      // A publication scheduled for the draft that was set aside would publish it over the rollback.
      const pending = s.schedules.publish;
      if (pending) events.push({ type: 'PageScheduleCancelled', data: { pageId: s.pageId, scheduleId: pending.scheduleId, action: 'publish' } });
    }
    items.push({ pageId: item.pageId, releasedVersionId: item.versionId, restoredVersionId, title: item.title, locale: s.locale, slug: s.slug });
    return { pageId: item.pageId, revision: page.revision, events: marked(events, state.releaseId) };
  });
  const rolledBackMenus: RolledBackMenu[] = [];
  const menuParts = state.publishedMenus.map((ref) => {
    const menu = menuFactsOf(menus, ref.menuId);
    const version = nextMenuVersion(menu.state);
    const { menuId, locale, kind } = ref;
    const before = ref.previousVersion === null ? undefined : menu.state.versions.get(ref.previousVersion);
    // What the site showed before as a new draft version (history is never rewritten); a menu the site did not show goes empty.
    const restore: MenuEvent =
      ref.previousVersion !== null && before !== undefined
        ? { type: 'MenuRestored', data: { menuId, locale, kind, version, fromVersion: ref.previousVersion, items: before } }
        : { type: 'MenuDraftSaved', data: { menuId, locale, kind, version, items: [] } };
    rolledBackMenus.push({ menuId, locale, kind, releasedVersion: ref.version, restoredVersion: version, previousVersion: ref.previousVersion });
    const events: MenuEvent[] = [restore, { type: 'MenuPublished', data: { menuId, locale, kind, version, releaseId: state.releaseId } }];
    return { menuId, revision: menu.revision, events };
  });
  return {
    pages: parts,
    menus: menuParts,
    release: [{ type: 'ReleaseRolledBack', data: { releaseId: state.releaseId, name: state.name, items, ...(rolledBackMenus.length > 0 ? { menus: rolledBackMenus } : {}) } }],
  };
}
