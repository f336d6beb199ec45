import type { ReleaseEvent } from '@pagelog/contracts/events/release-events';
import { readModels } from '@pagelog/contracts/read-models';
import { withReleaseItem, type ReleaseDoc } from '@pagelog/contracts/releases/release';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const releases = readModels.releases.collection;

type Handled = ReleaseEvent['type'];

/** The release as it is after the event, with the event in its history; skipped when seen. */
function onRelease<K extends Handled>(change: (event: RecordedOf<K>, doc: ReleaseDoc) => Partial<ReleaseDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const doc = await uow.get<ReleaseDoc>(releases, event.data.releaseId);
    if (!doc || alreadyApplied(doc, event)) return;
    const history = [...doc.history, { type: event.type, at: event.metadata.occurredAt, by: event.metadata.actorId, position: event.position }];
    uow.put(releases, doc.id, { ...doc, ...change(event, doc), history, updatedAt: event.metadata.occurredAt, revision: event.revision } satisfies ReleaseDoc);
  };
}

/** The releases screen's list and details, and what the scheduler finds due (by dueAt). */
export const releasesProjection = defineProjection<Handled>({
  name: readModels.releases.projection,
  // 2: menu changes (issue 17).
  version: 2,
  collections: [{ name: releases, indexes: ['status', 'dueAt', 'updatedAt'] }],
  prefetch(events) {
    return [{ collection: releases, ids: events.map((e) => (e.data as { releaseId: string }).releaseId) }];
  },
  handlers: {
    async ReleaseCreated(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<ReleaseDoc>(releases, d.releaseId), event)) return;
      const at = event.metadata.occurredAt;
      uow.put(releases, d.releaseId, {
        id: d.releaseId,
        name: d.name,
        description: d.description,
        status: 'open',
        items: [],
        menus: [],
        schedule: null,
        dueAt: '',
        createdAt: at,
        createdBy: event.metadata.actorId,
        updatedAt: at,
        publishedAt: null,
        publishedBy: null,
        rolledBackAt: null,
        rolledBackBy: null,
        history: [{ type: event.type, at, by: event.metadata.actorId, position: event.position }],
        revision: event.revision,
      } satisfies ReleaseDoc);
    },
    ReleaseRenamed: onRelease((event) => ({ name: event.data.name, description: event.data.description })),
    ReleasePageAdded: onRelease((event, doc) => {
      const { releaseId: _r, ...item } = event.data;
      return { items: withReleaseItem(doc.items, item, (i) => i.pageId === item.pageId) };
    }),
    ReleasePageRemoved: onRelease((event, doc) => ({ items: doc.items.filter((i) => i.pageId !== event.data.pageId) })),
    ReleaseMenuAdded: onRelease((event, doc) => {
      const { releaseId: _r, ...menu } = event.data;
      return { menus: withReleaseItem(doc.menus ?? [], menu, (m) => m.menuId === menu.menuId) };
    }),
    ReleaseMenuRemoved: onRelease((event, doc) => ({ menus: (doc.menus ?? []).filter((m) => m.menuId !== event.data.menuId) })),
    ReleaseScheduled: onRelease((event) => ({
      status: 'scheduled',
      schedule: { at: event.data.at, scheduledBy: event.data.scheduledBy, attempts: 0, lastError: null, retryAt: null },
      dueAt: event.data.at,
    })),
    ReleaseScheduleCancelled: onRelease(() => ({ status: 'open', schedule: null, dueAt: '' })),
    ReleaseScheduleFailed: onRelease((event, doc) => {
      const d = event.data;
      if (!doc.schedule) return {};
      return { schedule: { ...doc.schedule, attempts: d.attempt, lastError: { code: d.code, message: d.message }, retryAt: d.retryAt }, dueAt: d.retryAt };
    }),
    ReleasePublished: onRelease((event) => ({
      status: 'published',
      schedule: null,
      dueAt: '',
      items: event.data.items.map(({ pageId, versionId, previousVersionId, title, locale, slug }) => ({ pageId, versionId, previousVersionId, title, locale, slug })),
      menus: (event.data.menus ?? []).map(({ menuId, locale, kind, version, previousVersion }) => ({ menuId, locale, kind, version, previousVersion })),
      publishedAt: event.metadata.occurredAt,
      publishedBy: event.metadata.actorId,
    })),
    ReleaseRolledBack: onRelease((event, doc) => {
      const restored = new Map(event.data.items.map((i) => [i.pageId, i.restoredVersionId]));
      const restoredMenus = new Map((event.data.menus ?? []).map((m) => [m.menuId, m.restoredVersion]));
      return {
        status: 'rolledBack',
        items: doc.items.map((i) => (restored.has(i.pageId) ? { ...i, restoredVersionId: restored.get(i.pageId)! } : i)),
        menus: (doc.menus ?? []).map((m) => (restoredMenus.has(m.menuId) ? { ...m, restoredVersion: restoredMenus.get(m.menuId)! } : m)),
        rolledBackAt: event.metadata.occurredAt,
        rolledBackBy: event.metadata.actorId,
      };
    }),
    async ReleaseDeleted(event, uow) {
      uow.delete(releases, event.data.releaseId);
    },
  },
});
