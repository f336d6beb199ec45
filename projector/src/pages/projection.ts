import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { PageEvent, ScheduleAction } from '@pagelog/contracts/events/page-events';
import type { PageSchedules, PageScheduleView, ScheduleDoc } from '@pagelog/contracts/pages/schedules';
import { ANY_ORIGIN, internalLinks } from '@pagelog/contracts/blocks/links';
import { publicationStatus, type PageVersionView } from '@pagelog/contracts/pages/page';
import type { PageDoc, RequestDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const pages = readModels.pages.collection;
const versions = readModels.pageVersions.collection;
const requests = readModels.publicationRequests.collection;
const links = readModels.pageLinks.collection;
const schedules = readModels.pageSchedules.collection;

/** The page's schedules without the one that was cancelled or carried out (its document goes too). */
function scheduleDone(uow: UnitOfWork, page: PageDoc, done: { scheduleId: string; action: ScheduleAction }): PageSchedules {
  const next: PageSchedules = { ...page.schedules };
  if (next[done.action]?.scheduleId === done.scheduleId) delete next[done.action];
  uow.delete(schedules, done.scheduleId);
  return next;
}

const linkId = (pageId: string, path: string) => `${pageId}|${path}`;

function withStatus(page: PageDoc): PageDoc {
  return { ...page, status: publicationStatus(page) };
}

function touched(page: PageDoc, event: RecordedEvent, change: Partial<PageDoc>): PageDoc {
  return withStatus({ ...page, ...change, revision: event.revision, updatedAt: event.metadata.occurredAt, updatedBy: event.metadata.actorId });
}

/** Keeps page_links in step with the draft's links. */
function indexLinks(uow: UnitOfWork, page: PageDoc, blocks: PageVersionView['blocks']): string[] {
  const next = internalLinks(blocks, [ANY_ORIGIN]);
  for (const path of page.linkPaths) if (!next.includes(path)) uow.delete(links, linkId(page.id, path));
  for (const path of next) if (!page.linkPaths.includes(path)) uow.put(links, linkId(page.id, path), { pageId: page.id, path });
  return next;
}

async function version(uow: UnitOfWork, id: string): Promise<VersionDoc | null> {
  return uow.get<VersionDoc>(versions, id);
}

async function decide(uow: UnitOfWork, page: PageDoc, event: RecordedEvent, data: { versionId: string; requestId: string; feedback: string }, status: RequestDoc['status']) {
  const request = await uow.get<RequestDoc>(requests, data.requestId);
  if (request) {
    uow.put(requests, data.requestId, { ...request, status, feedback: data.feedback, reviewedBy: event.metadata.actorId, reviewedAt: event.metadata.occurredAt });
  }
  const v = await version(uow, data.versionId);
  if (v) uow.put(versions, data.versionId, { ...v, hasPublicationRequest: false, revision: event.revision });
  return { hasPublicationRequest: false, openRequest: null };
}

type PageEventType = PageEvent['type'];

/** A handler for an event of an existing page: skipped when the page is gone or has seen the event. */
function onPage<K extends PageEventType>(handle: (event: RecordedOf<K>, page: PageDoc, uow: UnitOfWork) => Promise<void> | void) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const page = await uow.get<PageDoc>(pages, event.data.pageId);
    if (!page || alreadyApplied(page, event)) return;
    await handle(event, page, uow);
  };
}

/**
 * Written before settings belonged to the draft (PageAnchorChanged, PageTypeDataChanged): they
 * changed the page, and so what its current draft carries.
 */
async function changeSettings(uow: UnitOfWork, page: PageDoc, event: RecordedEvent, change: Partial<Pick<PageDoc, 'anchor' | 'typeData'>>) {
  const draft = await version(uow, page.draftVersionID);
  if (draft) {
    const settings = { typeData: page.typeData, anchor: page.anchor, ...draft.settings, ...change };
    uow.put(versions, draft.id, { ...draft, settings, revision: event.revision });
  }
  uow.put(pages, page.id, touched(page, event, change));
}

/** The admin's view of pages, of every version of each page, of publication requests, and of the links between pages. */
export const pagesProjection = defineProjection<PageEventType>({
  name: readModels.pages.projection,
  // 2: status, requests, links, tombstone-free deletes (issue 4). 3: the settings each version carries (issue 9).
  // 4: image blocks name an external image by externalUrl (blocks upcast for the media library, issue 12).
  version: 4,
  collections: [
    { name: pages, indexes: ['locale', 'type', 'status', 'title', 'translationGroupId', 'updatedAt', 'createdAt'] },
    { name: versions, indexes: ['pageID'] },
    { name: requests, indexes: ['status', 'pageID', 'requestedBy'] },
    { name: links, indexes: ['path', 'pageId'] },
    { name: schedules, indexes: ['dueAt', 'at'] },
  ],
  prefetch(events) {
    const data = events.map((e) => e.data as { pageId: string; versionId?: string; basedOnVersionId?: string; requestId?: string });
    return [
      { collection: pages, ids: data.map((d) => d.pageId) },
      { collection: versions, ids: data.flatMap((d) => [d.versionId, d.basedOnVersionId].filter((id): id is string => !!id)) },
      { collection: requests, ids: data.flatMap((d) => (d.requestId ? [d.requestId] : [])) },
    ];
  },
  // Every page event: the admin's view follows each step.
  handlers: {
    async PageCreated(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<PageDoc>(pages, d.pageId), event)) return;
      const at = event.metadata.occurredAt;
      const by = event.metadata.actorId;
      uow.put(pages, d.pageId, {
        id: d.pageId,
        slug: d.slug,
        type: d.type,
        locale: d.locale,
        title: d.title,
        content: d.content,
        typeData: d.typeData,
        anchor: '',
        translationGroupId: d.translationGroupId,
        draftVersionID: d.versionId,
        publishedVersionID: null,
        publishedID: null,
        status: 'concept',
        everPublished: false,
        hasPublicationRequest: false,
        openRequest: null,
        copiedFrom: d.copiedFrom ?? null,
        revision: event.revision,
        createdAt: at,
        createdBy: by,
        updatedAt: at,
        updatedBy: by,
        publishedAt: null,
        versionIds: [d.versionId],
        linkPaths: [],
      } satisfies PageDoc);
      uow.put(versions, d.versionId, {
        id: d.versionId,
        pageID: d.pageId,
        title: d.title,
        blocks: [],
        seoTitle: '',
        seoDescription: '',
        seoKeywords: [],
        seoImage: [],
        hasPublicationRequest: false,
        publicationRequestId: null,
        published: false,
        basedOnVersionId: null,
        storedAt: at,
        storedBy: by,
        settings: { typeData: d.typeData, anchor: '' },
        revision: event.revision,
      } satisfies VersionDoc);
    },
    PageVersionStored: onPage(async (event, page, uow) => {
      const { pageId: _p, versionId, mergedFromRevision: _m, ...content } = event.data;
      const existing = await version(uow, versionId);
      if (existing) uow.put(versions, versionId, { ...existing, ...content, storedAt: event.metadata.occurredAt, storedBy: event.metadata.actorId, revision: event.revision });
      const linkPaths = versionId === page.draftVersionID ? indexLinks(uow, page, content.blocks) : page.linkPaths;
      uow.put(pages, page.id, touched(page, event, { title: content.title, linkPaths }));
    }),
    PageLinksUpdated: onPage(async (event, page, uow) => {
      const d = event.data;
      const existing = await version(uow, d.versionId);
      if (existing) uow.put(versions, d.versionId, { ...existing, blocks: d.blocks, storedAt: event.metadata.occurredAt, storedBy: event.metadata.actorId, revision: event.revision });
      uow.put(pages, page.id, touched(page, event, { linkPaths: indexLinks(uow, page, d.blocks) }));
    }),
    PageDraftStarted: onPage(async (event, page, uow) => {
      const d = event.data;
      const basedOn = await version(uow, d.basedOnVersionId);
      uow.put(versions, d.versionId, {
        title: page.title,
        blocks: [],
        seoTitle: '',
        seoDescription: '',
        seoKeywords: [],
        seoImage: [],
        ...(basedOn ?? {}),
        id: d.versionId,
        pageID: d.pageId,
        published: false,
        hasPublicationRequest: false,
        publicationRequestId: null,
        basedOnVersionId: d.basedOnVersionId,
        storedAt: event.metadata.occurredAt,
        storedBy: event.metadata.actorId,
        revision: event.revision,
      } satisfies VersionDoc);
      uow.put(pages, page.id, touched(page, event, { draftVersionID: d.versionId, versionIds: [...page.versionIds, d.versionId] }));
    }),
    PagePublished: onPage(async (event, page, uow) => {
      const d = event.data;
      const v = await version(uow, d.versionId);
      if (v) uow.put(versions, d.versionId, { ...v, published: true, revision: event.revision });
      uow.put(pages, page.id, touched(page, event, { publishedVersionID: d.versionId, publishedID: d.versionId, everPublished: true, publishedAt: event.metadata.occurredAt }));
    }),
    PageUnpublished: onPage((event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, { publishedVersionID: null, publishedID: null }));
    }),
    PageSlugChanged: onPage((event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, { slug: event.data.slug }));
    }),
    PageAnchorChanged: onPage((event, page, uow) => changeSettings(uow, page, event, { anchor: event.data.anchor })),
    PageTypeDataChanged: onPage((event, page, uow) => changeSettings(uow, page, event, { typeData: event.data.typeData })),
    PageSettingsStored: onPage(async (event, page, uow) => {
      // The page's row shows the draft's settings, as it shows the draft's title.
      const d = event.data;
      const existing = await version(uow, d.versionId);
      if (existing) {
        const settings = { typeData: d.typeData, anchor: d.anchor };
        uow.put(versions, d.versionId, { ...existing, settings, storedAt: event.metadata.occurredAt, storedBy: event.metadata.actorId, revision: event.revision });
      }
      uow.put(pages, page.id, touched(page, event, { typeData: d.typeData, anchor: d.anchor }));
    }),
    PageTagsChanged: onPage((event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, { tags: event.data.tags }));
    }),
    PageChangeScheduled: onPage((event, page, uow) => {
      const d = event.data;
      const view: PageScheduleView = { scheduleId: d.scheduleId, action: d.action, at: d.at, versionId: d.versionId, scheduledBy: d.scheduledBy, scheduledAt: event.metadata.occurredAt, attempts: 0, lastError: null, retryAt: null };
      // A new schedule of the same action replaces the pending one.
      const replaced = page.schedules?.[d.action];
      if (replaced && replaced.scheduleId !== d.scheduleId) uow.delete(schedules, replaced.scheduleId);
      uow.put(schedules, d.scheduleId, { ...view, id: d.scheduleId, pageId: page.id, dueAt: d.at } satisfies ScheduleDoc);
      uow.put(pages, page.id, touched(page, event, { schedules: { ...page.schedules, [d.action]: view } }));
    }),
    // The translation's state is the translation-sync projection's; the page moves to the revision.
    TranslationMarkedUpToDate: onPage((event, page, uow) => {
      uow.put(pages, page.id, { ...page, revision: event.revision });
    }),
    PageScheduleCancelled: onPage((event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, { schedules: scheduleDone(uow, page, event.data) }));
    }),
    PageScheduleCarriedOut: onPage((event, page, uow) => {
      // The scheduler's record: the page's own change came in the events before it.
      uow.put(pages, page.id, { ...page, schedules: scheduleDone(uow, page, event.data), revision: event.revision });
    }),
    PageScheduleFailed: onPage((event, page, uow) => {
      const d = event.data;
      const pending = page.schedules?.[d.action];
      if (!pending || pending.scheduleId !== d.scheduleId) {
        uow.put(pages, page.id, { ...page, revision: event.revision });
        return;
      }
      const view: PageScheduleView = { ...pending, attempts: d.attempt, lastError: { code: d.code, message: d.message }, retryAt: d.retryAt };
      uow.put(schedules, d.scheduleId, { ...view, id: d.scheduleId, pageId: page.id, dueAt: d.retryAt } satisfies ScheduleDoc);
      uow.put(pages, page.id, { ...page, schedules: { ...page.schedules, [d.action]: view }, revision: event.revision });
    }),
    PageDeleted: onPage((_event, page, uow) => {
      for (const pending of Object.values(page.schedules ?? {})) if (pending) uow.delete(schedules, pending.scheduleId);
      for (const id of page.versionIds) uow.delete(versions, id);
      for (const path of page.linkPaths) uow.delete(links, linkId(page.id, path));
      uow.delete(pages, page.id);
    }),
    PublicationRequested: onPage(async (event, page, uow) => {
      const d = event.data;
      const at = event.metadata.occurredAt;
      uow.put(requests, d.requestId, {
        id: d.requestId,
        pageID: page.id,
        versionID: d.versionId,
        pageTitle: page.title,
        pageSlug: page.slug,
        locale: page.locale,
        type: page.type,
        comment: d.comment,
        requestedBy: d.requestedBy,
        requestedAt: at,
        resentAt: null,
        status: 'requested',
        feedback: '',
        reviewedBy: null,
        reviewedAt: null,
      } satisfies RequestDoc);
      const v = await version(uow, d.versionId);
      if (v) uow.put(versions, d.versionId, { ...v, hasPublicationRequest: true, publicationRequestId: d.requestId, revision: event.revision });
      uow.put(
        pages,
        page.id,
        touched(page, event, {
          hasPublicationRequest: true,
          openRequest: { requestId: d.requestId, versionId: d.versionId, comment: d.comment, requestedBy: d.requestedBy, requestedAt: at },
        }),
      );
    }),
    PublicationRequestResent: onPage(async (event, page, uow) => {
      const d = event.data;
      const request = await uow.get<RequestDoc>(requests, d.requestId);
      const comment = d.comment !== '' ? d.comment : (request?.comment ?? '');
      if (request) uow.put(requests, d.requestId, { ...request, comment, resentAt: event.metadata.occurredAt });
      uow.put(pages, page.id, touched(page, event, { openRequest: page.openRequest ? { ...page.openRequest, comment } : null }));
    }),
    PublicationRequestRevoked: onPage(async (event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, await decide(uow, page, event, { ...event.data, feedback: '' }, 'revoked')));
    }),
    PublicationAccepted: onPage(async (event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, await decide(uow, page, event, event.data, 'accepted')));
    }),
    PublicationRejected: onPage(async (event, page, uow) => {
      uow.put(pages, page.id, touched(page, event, await decide(uow, page, event, event.data, 'rejected')));
    }),
  },
});
