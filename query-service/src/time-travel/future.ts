import { liveDocOf, tagLinksOf, publicPageTagId, type PublicDraftDoc, type PublishedDoc, type PublicPageTagDoc } from '@pagelog/contracts/pages/page-docs';
import type { ScheduleDoc } from '@pagelog/contracts/pages/schedules';
import type { ReleaseDoc } from '@pagelog/contracts/releases/release';
import { readModels } from '@pagelog/contracts/read-models';
import type { PlannedChangeView, PlannedFailure } from '@pagelog/contracts/time-travel/time-travel';
import { readModelsOverlaid, type Overlay } from '@pagelog/storage/read-model-store/overlay-store';
import type { Doc } from '@pagelog/storage/read-model-store/read-model-store';
import type { QueryDeps } from '../core/query-deps';
import { menuPageIds } from '@pagelog/contracts/menus/menu';
import type { MenuDoc, PublicMenuDoc } from '@pagelog/contracts/menus/menu-docs';
import { releaseStatuses } from '../releases/statuses';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { readSettings } from '../settings/routes';
import { publicPath } from '@pagelog/contracts/slugs';

const published = readModels.publicPages.collection;
const pageTags = readModels.publicPageTags.collection;
const drafts = readModels.publicPageDrafts.collection;

/** A change that has not happened yet: a page's pending schedule, or a page or menu of a release. */
export type PlannedChange = PlannedPageChange | PlannedMenuChange;

/** A release's menu change: the menu's draft version goes on the site with the release's pages. */
export interface PlannedMenuChange {
  release: { id: string; name: string };
  failing?: PlannedFailure;
  action: 'publish-menu';
  at: string;
  menuId: string;
  version: number;
  scheduledBy: string;
  scheduledAt: string;
}

export interface PlannedPageChange {
  /** The release it is part of, if any. */
  release?: { id: string; name: string };
  /** Its scheduled attempts failed so far (it is retried). */
  failing?: PlannedFailure;
  action: 'publish' | 'unpublish';
  at: string;
  pageId: string;
  /** The version it publishes (the draft's), or takes off. */
  versionId: string;
  scheduledBy: string;
  scheduledAt: string;
}

/**
 * A release's pages and menus as publications at `at`: each item's version, by whoever planned
 * it. A release that could not be published as it stands (an item changed since it was added,
 * live already or gone: its publication would be refused) changes nothing.
 */
export async function releaseChanges(deps: QueryDeps, release: ReleaseDoc, at: string): Promise<PlannedChange[]> {
  const statuses = await releaseStatuses(deps, release);
  if (![...statuses.items, ...statuses.menus].every((status) => status === 'ready')) return [];
  const by = release.schedule?.scheduledBy ?? release.createdBy;
  const scheduledAt = [...release.history].reverse().find((h) => h.type === 'ReleaseScheduled')?.at ?? release.updatedAt;
  const of = { id: release.id, name: release.name };
  const failing = failureOf(release.schedule);
  const more = failing ? { failing } : {};
  return [
    ...release.items.map((item): PlannedChange => ({ action: 'publish', at, pageId: item.pageId, versionId: item.versionId, scheduledBy: by, scheduledAt, release: of, ...more })),
    ...(release.menus ?? []).map((menu): PlannedChange => ({ action: 'publish-menu', at, menuId: menu.menuId, version: menu.version, scheduledBy: by, scheduledAt, release: of, ...more })),
  ];
}

/** A schedule's failed attempts so far, if any: the view shows such a change as less than certain. */
function failureOf(schedule: { attempts: number; lastError: { message: string } | null; retryAt: string | null } | null | undefined): PlannedFailure | undefined {
  if (!schedule || schedule.attempts === 0) return undefined;
  return { attempts: schedule.attempts, message: schedule.lastError?.message ?? '', retryAt: schedule.retryAt };
}

/**
 * The pages' pending schedules and the scheduled releases' pages due by `until` (ISO), in the
 * order they are to happen (a release's pages together, at its moment).
 */
export async function scheduledBy(deps: QueryDeps, until: string): Promise<PlannedChange[]> {
  const [due, releases] = await Promise.all([
    // By when they are next tried: a schedule that failed happens at its retry at the earliest.
    deps.readModels.find<ScheduleDoc>(readModels.pageSchedules.collection, { range: { dueAt: { lte: until } }, orderBy: { field: 'dueAt', direction: 'asc' } }),
    deps.readModels.find<ReleaseDoc>(readModels.releases.collection, { where: { status: 'scheduled' } }),
  ]);
  const changes: PlannedChange[] = due.map((s) => {
    const failing = failureOf(s);
    return { action: s.action, at: s.dueAt, pageId: s.pageId, versionId: s.versionId, scheduledBy: s.scheduledBy, scheduledAt: s.scheduledAt, ...(failing ? { failing } : {}) };
  });
  for (const release of releases) {
    // A release whose scheduled publication failed goes live at its retry at the earliest.
    if (release.schedule && release.dueAt && release.dueAt <= until) changes.push(...(await releaseChanges(deps, release, release.dueAt)));
  }
  // Stable: a release's pages keep their order, and a page's schedule at the same moment comes first.
  return changes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * The public read models the changes would leave, laid over the present (decision 0005: the
 * changes not in the log yet, applied to the answer at the head). A publication puts the page's
 * draft on the site as the projection would (liveDocOf), only while the draft is still the
 * version planned (a change stored since drops a schedule, so it would not happen); an
 * unpublication takes the page and its tag links off; a release's menu change puts the menu's
 * draft version on the site. Changes apply in the order given; a release's changes (given
 * together) apply all or none, as its publication does: one that would no longer happen by then
 * (a page published before it, say) keeps the whole release off.
 */
export async function plannedOverlay(deps: QueryDeps, changes: readonly PlannedChange[]): Promise<{ overlay: Overlay; applied: PlannedChange[]; drafts: Map<string, PublicDraftDoc>; menus: ReadonlyMap<string, MenuDoc> }> {
  const pageIds = [...new Set(changes.flatMap((c) => (c.action === 'publish-menu' ? [] : [c.pageId])))];
  const menuIds = [...new Set(changes.flatMap((c) => (c.action === 'publish-menu' ? [c.menuId] : [])))];
  const [draftDocs, liveDocs, menuDocs] = await Promise.all([
    deps.readModels.getMany<PublicDraftDoc>(drafts, pageIds),
    deps.readModels.getMany<PublishedDoc>(published, pageIds),
    deps.readModels.getMany<MenuDoc>(readModels.menus.collection, menuIds),
  ]);
  const pages = new Map<string, Doc | null>();
  const links = new Map<string, Doc | null>();
  const live = new Map<string, PublishedDoc | null>(pageIds.map((id) => [id, liveDocs.get(id) ?? null]));
  /** The menus planned to go on the site: the tree of the version planned. */
  const menusPlanned = new Map<string, { doc: MenuDoc; version: number }>();
  const applied: PlannedChange[] = [];

  const applies = (change: PlannedChange): boolean => {
    if (change.action === 'publish-menu') {
      const doc = menuDocs.get(change.menuId);
      const shown = menusPlanned.get(change.menuId)?.version ?? doc?.published?.version ?? null;
      return !!doc && doc.draft.version === change.version && shown !== change.version;
    }
    const draft = draftDocs.get(change.pageId);
    if (!draft || draft.deleted) return false;
    const current = live.get(change.pageId) ?? null;
    return change.action === 'publish' ? draft.version.versionID === change.versionId && current?.pageVersion.versionID !== change.versionId : current !== null;
  };
  const apply = (change: PlannedChange): void => {
    if (change.action === 'publish-menu') {
      menusPlanned.set(change.menuId, { doc: menuDocs.get(change.menuId)!, version: change.version });
    } else if (change.action === 'publish') {
      const draft = draftDocs.get(change.pageId)!;
      const doc = liveDocOf(draft, change.at);
      draftDocs.set(change.pageId, { ...draft, firstPublishedAt: doc.firstPublishedAt });
      pages.set(change.pageId, doc);
      live.set(change.pageId, doc);
      for (const { id, doc: link } of tagLinksOf(doc, doc.tags ?? [])) links.set(id, link);
    } else {
      const current = live.get(change.pageId)!;
      pages.set(change.pageId, null);
      live.set(change.pageId, null);
      for (const tagId of current.tags ?? []) links.set(publicPageTagId(tagId, change.pageId), null);
    }
    applied.push(change);
  };

  for (let i = 0; i < changes.length; ) {
    const releaseId = changes[i]!.release?.id;
    let j = i + 1;
    if (releaseId !== undefined) while (j < changes.length && changes[j]!.release?.id === releaseId) j++;
    const group = changes.slice(i, j);
    if (releaseId === undefined) {
      if (applies(group[0]!)) apply(group[0]!);
    } else if (group.every(applies)) {
      group.forEach(apply);
    }
    i = j;
  }

  const overlay: Overlay = new Map([
    [published, { docs: pages, idOf: (doc: Doc) => String(doc.id) }],
    [pageTags, { docs: links, idOf: (doc: Doc) => publicPageTagId(String((doc as PublicPageTagDoc).tagId), String((doc as PublicPageTagDoc).pageId)) }],
  ]);
  if (applied.length > 0) {
    const [publicMenuDocs, tagDocs] = await Promise.all([menusAfter(deps, liveDocs, live, menusPlanned), tagsAfter(deps, liveDocs, live)]);
    overlay.set(readModels.publicMenus.collection, { docs: publicMenuDocs, idOf: (doc: Doc) => String(doc.id) });
    overlay.set(readModels.tags.collection, { docs: tagDocs, idOf: (doc: Doc) => String(doc.id) });
  }
  return { overlay, applied, drafts: draftDocs, menus: menuDocs };
}

/**
 * The public menus that name a page whose place on the site changes: each holds what it shows of
 * its pages while they are live (as the menus projection keeps it), so the page's entry follows.
 */
async function menusAfter(
  deps: QueryDeps,
  before: ReadonlyMap<string, PublishedDoc>,
  after: ReadonlyMap<string, PublishedDoc | null>,
  planned: ReadonlyMap<string, { doc: MenuDoc; version: number }>,
): Promise<Map<string, Doc | null>> {
  const changed = [...after].filter(([id, doc]) => (before.get(id)?.pageVersion.versionID ?? null) !== (doc?.pageVersion.versionID ?? null));
  const docs = new Map<string, Doc | null>();
  // A planned menu shows its draft's tree, with the pages it names that are live by then.
  for (const [menuId, { doc }] of planned) {
    const named = menuPageIds(doc.draft.items);
    const unchanged = await deps.readModels.getMany<PublishedDoc>(published, named.filter((id) => !after.has(id)));
    const pagesOf: PublicMenuDoc['pages'] = {};
    for (const id of named) {
      const page = after.has(id) ? after.get(id) : unchanged.get(id);
      if (page) pagesOf[id] = { locale: page.locale, slug: page.slug, title: page.pageVersion.title };
    }
    docs.set(menuId, { id: menuId, locale: doc.locale, kind: doc.kind, items: doc.draft.items, pages: pagesOf } satisfies PublicMenuDoc);
  }
  if (changed.length === 0) return docs;
  for (const menu of await deps.readModels.find<PublicMenuDoc>(readModels.publicMenus.collection)) {
    if (planned.has(menu.id)) continue;
    const named = new Set(menuPageIds(menu.items));
    const touched = changed.filter(([id]) => named.has(id));
    if (touched.length === 0) continue;
    const pagesOf = { ...menu.pages };
    for (const [id, doc] of touched) {
      if (doc) pagesOf[id] = { locale: doc.locale, slug: doc.slug, title: doc.pageVersion.title };
      else delete pagesOf[id];
    }
    docs.set(menu.id, { ...menu, pages: pagesOf });
  }
  return docs;
}

/** The tags whose count of live pages changes (a tag page with none is not found), as the tags projection counts them. */
async function tagsAfter(deps: QueryDeps, before: ReadonlyMap<string, PublishedDoc>, after: ReadonlyMap<string, PublishedDoc | null>): Promise<Map<string, Doc | null>> {
  const delta = new Map<string, number>();
  for (const [id, doc] of after) {
    const was = before.get(id) ?? null;
    if ((was === null) === (doc === null)) continue;
    for (const tagId of (doc ?? was)!.tags ?? []) delta.set(tagId, (delta.get(tagId) ?? 0) + (doc ? 1 : -1));
  }
  const docs = new Map<string, Doc | null>();
  if (delta.size === 0) return docs;
  const found = await deps.readModels.getMany<TagDoc>(readModels.tags.collection, [...delta.keys()]);
  for (const [tagId, change] of delta) {
    const tag = found.get(tagId);
    if (tag && change !== 0) docs.set(tagId, { ...tag, publishedPageCount: tag.publishedPageCount + change });
  }
  return docs;
}

/** The query dependencies with the changes laid over the read models. */
export async function depsWithPlanned(deps: QueryDeps, changes: readonly PlannedChange[]): Promise<{ deps: QueryDeps; applied: PlannedChangeView[] }> {
  const [{ overlay, applied, drafts: draftDocs, menus: menuDocs }, settings] = await Promise.all([plannedOverlay(deps, changes), readSettings(deps)]);
  const views = applied.flatMap((c): PlannedChangeView[] => {
    if (c.action === 'publish-menu') {
      const menu = menuDocs.get(c.menuId)!;
      return [{ action: 'publish-menu', at: c.at, locale: menu.locale, kind: menu.kind, version: c.version, scheduledBy: c.scheduledBy, scheduledAt: c.scheduledAt, release: c.release, ...(c.failing ? { failing: c.failing } : {}) }];
    }
    const draft = draftDocs.get(c.pageId)!;
    return [{
      action: c.action,
      at: c.at,
      pageId: c.pageId,
      title: draft.version.title,
      locale: draft.locale,
      slug: draft.slug,
      path: publicPath(draft.locale, draft.slug, settings.defaultLocale),
      scheduledBy: c.scheduledBy,
      scheduledAt: c.scheduledAt,
      ...(c.release ? { release: c.release } : {}),
      ...(c.failing ? { failing: c.failing } : {}),
    }];
  });
  return { deps: { ...deps, readModels: readModelsOverlaid(deps.readModels, overlay) }, applied: views };
}
