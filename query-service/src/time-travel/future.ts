import { liveDocOf, tagLinksOf, publicPageTagId, type PublicDraftDoc, type PublishedDoc, type PublicPageTagDoc } from '@pagelog/contracts/pages/page-docs';
import type { ScheduleDoc } from '@pagelog/contracts/pages/schedules';
import type { ReleaseDoc } from '@pagelog/contracts/releases/release';
import { readModels } from '@pagelog/contracts/read-models';
import type { PlannedChangeView } from '@pagelog/contracts/time-travel/time-travel';
import { readModelsOverlaid, type Overlay } from '@pagelog/storage/read-model-store/overlay-store';
import type { Doc } from '@pagelog/storage/read-model-store/read-model-store';
import type { QueryDeps } from '../core/query-deps';
import { menuPageIds } from '@pagelog/contracts/menus/menu';
import type { PublicMenuDoc } from '@pagelog/contracts/menus/menu-docs';
import type { TagDoc } from '@pagelog/contracts/tags/tag-docs';
import { readSettings } from '../settings/routes';
import { publicPath } from '@pagelog/contracts/slugs';

const published = readModels.publicPages.collection;
const pageTags = readModels.publicPageTags.collection;
const drafts = readModels.publicPageDrafts.collection;

/** A change that has not happened yet: a page's pending schedule, or a page of a release. */
export interface PlannedChange {
  /** The release it is part of, if any. */
  release?: { id: string; name: string };
  action: 'publish' | 'unpublish';
  at: string;
  pageId: string;
  /** The version it publishes (the draft's), or takes off. */
  versionId: string;
  scheduledBy: string;
  scheduledAt: string;
}

/** A release's pages as publications at `at`: each item's version, by whoever planned it. */
export function releaseChanges(release: ReleaseDoc, at: string): PlannedChange[] {
  const by = release.schedule?.scheduledBy ?? release.createdBy;
  const scheduledAt = [...release.history].reverse().find((h) => h.type === 'ReleaseScheduled')?.at ?? release.updatedAt;
  return release.items.map((item) => ({ action: 'publish', at, pageId: item.pageId, versionId: item.versionId, scheduledBy: by, scheduledAt, release: { id: release.id, name: release.name } }));
}

/**
 * The pages' pending schedules and the scheduled releases' pages due by `until` (ISO), in the
 * order they are to happen (a release's pages together, at its moment).
 */
export async function scheduledBy(deps: QueryDeps, until: string): Promise<PlannedChange[]> {
  const [due, releases] = await Promise.all([
    deps.readModels.find<ScheduleDoc>(readModels.pageSchedules.collection, { range: { at: { lte: until } }, orderBy: { field: 'at', direction: 'asc' } }),
    deps.readModels.find<ReleaseDoc>(readModels.releases.collection, { where: { status: 'scheduled' } }),
  ]);
  const changes: PlannedChange[] = due.map((s) => ({ action: s.action, at: s.at, pageId: s.pageId, versionId: s.versionId, scheduledBy: s.scheduledBy, scheduledAt: s.scheduledAt }));
  for (const release of releases) {
    if (release.schedule && release.schedule.at <= until) changes.push(...releaseChanges(release, release.schedule.at));
  }
  // Stable: a release's pages keep their order, and a page's schedule at the same moment comes first.
  return changes.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * The public read models the changes would leave, laid over the present (decision 0005: the
 * changes not in the log yet, applied to the answer at the head). A publication puts the page's
 * draft on the site as the projection would (liveDocOf), only while the draft is still the
 * version planned (a change stored since drops a schedule, so it would not happen); an
 * unpublication takes the page and its tag links off. Changes apply in the order given.
 */
export async function plannedOverlay(deps: QueryDeps, changes: readonly PlannedChange[]): Promise<{ overlay: Overlay; applied: PlannedChange[]; drafts: Map<string, PublicDraftDoc> }> {
  const pageIds = [...new Set(changes.map((c) => c.pageId))];
  const [draftDocs, liveDocs] = await Promise.all([deps.readModels.getMany<PublicDraftDoc>(drafts, pageIds), deps.readModels.getMany<PublishedDoc>(published, pageIds)]);
  const pages = new Map<string, Doc | null>();
  const links = new Map<string, Doc | null>();
  const live = new Map<string, PublishedDoc | null>(pageIds.map((id) => [id, liveDocs.get(id) ?? null]));
  const applied: PlannedChange[] = [];
  for (const change of changes) {
    const draft = draftDocs.get(change.pageId);
    if (!draft || draft.deleted) continue;
    const current = live.get(change.pageId) ?? null;
    if (change.action === 'publish') {
      if (draft.version.versionID !== change.versionId || current?.pageVersion.versionID === change.versionId) continue;
      const doc = liveDocOf(draft, change.at);
      draftDocs.set(change.pageId, { ...draft, firstPublishedAt: doc.firstPublishedAt });
      pages.set(change.pageId, doc);
      live.set(change.pageId, doc);
      for (const { id, doc: link } of tagLinksOf(doc, doc.tags ?? [])) links.set(id, link);
    } else {
      if (!current) continue;
      pages.set(change.pageId, null);
      live.set(change.pageId, null);
      for (const tagId of current.tags ?? []) links.set(publicPageTagId(tagId, change.pageId), null);
    }
    applied.push(change);
  }
  const overlay: Overlay = new Map([
    [published, { docs: pages, idOf: (doc: Doc) => String(doc.id) }],
    [pageTags, { docs: links, idOf: (doc: Doc) => publicPageTagId(String((doc as PublicPageTagDoc).tagId), String((doc as PublicPageTagDoc).pageId)) }],
  ]);
  if (applied.length > 0) {
    const [menuDocs, tagDocs] = await Promise.all([menusAfter(deps, liveDocs, live), tagsAfter(deps, liveDocs, live)]);
    overlay.set(readModels.publicMenus.collection, { docs: menuDocs, idOf: (doc: Doc) => String(doc.id) });
    overlay.set(readModels.tags.collection, { docs: tagDocs, idOf: (doc: Doc) => String(doc.id) });
  }
  return { overlay, applied, drafts: draftDocs };
}

/**
 * The public menus that name a page whose place on the site changes: each holds what it shows of
 * its pages while they are live (as the menus projection keeps it), so the page's entry follows.
 */
async function menusAfter(deps: QueryDeps, before: ReadonlyMap<string, PublishedDoc>, after: ReadonlyMap<string, PublishedDoc | null>): Promise<Map<string, Doc | null>> {
  const changed = [...after].filter(([id, doc]) => (before.get(id)?.pageVersion.versionID ?? null) !== (doc?.pageVersion.versionID ?? null));
  const docs = new Map<string, Doc | null>();
  if (changed.length === 0) return docs;
  for (const menu of await deps.readModels.find<PublicMenuDoc>(readModels.publicMenus.collection)) {
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
  const [{ overlay, applied, drafts: draftDocs }, settings] = await Promise.all([plannedOverlay(deps, changes), readSettings(deps)]);
  const views = applied.map((c): PlannedChangeView => {
    const draft = draftDocs.get(c.pageId)!;
    return {
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
    };
  });
  return { deps: { ...deps, readModels: readModelsOverlaid(deps.readModels, overlay) }, applied: views };
}
