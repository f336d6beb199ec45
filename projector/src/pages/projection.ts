import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { pageEventTypes, type PageEvent } from '@pagelog/contracts/events/page-events';
import { ANY_ORIGIN, internalLinks } from '@pagelog/contracts/blocks/links';
import { publicationStatus, type PageVersionView } from '@pagelog/contracts/pages/page';
import type { PageDoc, RequestDoc, VersionDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from '../core/projection';
import { alreadyApplied } from '../core/projection';

const pages = readModels.pages.collection;
const versions = readModels.pageVersions.collection;
const requests = readModels.publicationRequests.collection;
const links = readModels.pageLinks.collection;

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

/** The admin's view of pages, of every version of each page, of publication requests, and of the links between pages. */
export const pagesProjection: Projection = {
  name: readModels.pages.projection,
  // 2: status, requests, links, tombstone-free deletes (issue 4). 3: the settings each version carries (issue 9).
  version: 3,
  collections: [
    { name: pages, indexes: ['locale', 'type', 'status', 'title', 'translationGroupId', 'updatedAt', 'createdAt'] },
    { name: versions, indexes: ['pageID'] },
    { name: requests, indexes: ['status', 'pageID', 'requestedBy'] },
    { name: links, indexes: ['path', 'pageId'] },
  ],
  // Every page event: the admin's view follows each step.
  handles: pageEventTypes,
  prefetch(events) {
    const data = events.map((e) => e.data as { pageId: string; versionId?: string; basedOnVersionId?: string; requestId?: string });
    return [
      { collection: pages, ids: data.map((d) => d.pageId) },
      { collection: versions, ids: data.flatMap((d) => [d.versionId, d.basedOnVersionId].filter((id): id is string => !!id)) },
      { collection: requests, ids: data.flatMap((d) => (d.requestId ? [d.requestId] : [])) },
    ];
  },
  async apply(recorded, uow) {
    const event = recorded as unknown as PageEvent & RecordedEvent;
    const pageId = event.data.pageId;
    const page = await uow.get<PageDoc>(pages, pageId);
    if (alreadyApplied(page, recorded)) return;
    const at = recorded.metadata.occurredAt;
    const by = recorded.metadata.actorId;
    if (event.type === 'PageCreated') {
      const d = event.data;
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
        revision: recorded.revision,
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
        revision: recorded.revision,
      } satisfies VersionDoc);
      return;
    }
    if (!page) return;
    switch (event.type) {
      case 'PageVersionStored': {
        const { pageId: _p, versionId, mergedFromRevision: _m, ...content } = event.data;
        const existing = await version(uow, versionId);
        if (existing) uow.put(versions, versionId, { ...existing, ...content, storedAt: at, storedBy: by, revision: recorded.revision });
        const linkPaths = versionId === page.draftVersionID ? indexLinks(uow, page, content.blocks) : page.linkPaths;
        uow.put(pages, pageId, touched(page, recorded, { title: content.title, linkPaths }));
        return;
      }
      case 'PageLinksUpdated': {
        const d = event.data;
        const existing = await version(uow, d.versionId);
        if (existing) uow.put(versions, d.versionId, { ...existing, blocks: d.blocks, storedAt: at, storedBy: by, revision: recorded.revision });
        uow.put(pages, pageId, touched(page, recorded, { linkPaths: indexLinks(uow, page, d.blocks) }));
        return;
      }
      case 'PageDraftStarted': {
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
          storedAt: at,
          storedBy: by,
          revision: recorded.revision,
        } satisfies VersionDoc);
        uow.put(pages, pageId, touched(page, recorded, { draftVersionID: d.versionId, versionIds: [...page.versionIds, d.versionId] }));
        return;
      }
      case 'PagePublished': {
        const d = event.data;
        const v = await version(uow, d.versionId);
        if (v) uow.put(versions, d.versionId, { ...v, published: true, revision: recorded.revision });
        uow.put(pages, pageId, touched(page, recorded, { publishedVersionID: d.versionId, publishedID: d.versionId, everPublished: true, publishedAt: at }));
        return;
      }
      case 'PageUnpublished':
        uow.put(pages, pageId, touched(page, recorded, { publishedVersionID: null, publishedID: null }));
        return;
      case 'PageSlugChanged':
        uow.put(pages, pageId, touched(page, recorded, { slug: event.data.slug }));
        return;
      case 'PageAnchorChanged':
      case 'PageTypeDataChanged': {
        // Written before settings belonged to the draft: they changed the page, and so what its
        // current draft carries.
        const change = event.type === 'PageAnchorChanged' ? { anchor: event.data.anchor } : { typeData: event.data.typeData };
        const draft = await version(uow, page.draftVersionID);
        if (draft) {
          const settings = { typeData: page.typeData, anchor: page.anchor, ...draft.settings, ...change };
          uow.put(versions, draft.id, { ...draft, settings, revision: recorded.revision });
        }
        uow.put(pages, pageId, touched(page, recorded, change));
        return;
      }
      case 'PageSettingsStored': {
        // The page's row shows the draft's settings, as it shows the draft's title.
        const d = event.data;
        const existing = await version(uow, d.versionId);
        if (existing) uow.put(versions, d.versionId, { ...existing, settings: { typeData: d.typeData, anchor: d.anchor }, storedAt: at, storedBy: by, revision: recorded.revision });
        uow.put(pages, pageId, touched(page, recorded, { typeData: d.typeData, anchor: d.anchor }));
        return;
      }
      case 'PageDeleted':
        for (const id of page.versionIds) uow.delete(versions, id);
        for (const path of page.linkPaths) uow.delete(links, linkId(pageId, path));
        uow.delete(pages, pageId);
        return;
      case 'PublicationRequested': {
        const d = event.data;
        uow.put(requests, d.requestId, {
          id: d.requestId,
          pageID: pageId,
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
        if (v) uow.put(versions, d.versionId, { ...v, hasPublicationRequest: true, publicationRequestId: d.requestId, revision: recorded.revision });
        uow.put(
          pages,
          pageId,
          touched(page, recorded, {
            hasPublicationRequest: true,
            openRequest: { requestId: d.requestId, versionId: d.versionId, comment: d.comment, requestedBy: d.requestedBy, requestedAt: at },
          }),
        );
        return;
      }
      case 'PublicationRequestResent': {
        const d = event.data;
        const request = await uow.get<RequestDoc>(requests, d.requestId);
        const comment = d.comment !== '' ? d.comment : (request?.comment ?? '');
        if (request) uow.put(requests, d.requestId, { ...request, comment, resentAt: at });
        uow.put(pages, pageId, touched(page, recorded, { openRequest: page.openRequest ? { ...page.openRequest, comment } : null }));
        return;
      }
      case 'PublicationRequestRevoked':
        uow.put(pages, pageId, touched(page, recorded, await decide(uow, page, recorded, { ...event.data, feedback: '' }, 'revoked')));
        return;
      case 'PublicationAccepted':
        uow.put(pages, pageId, touched(page, recorded, await decide(uow, page, recorded, event.data, 'accepted')));
        return;
      case 'PublicationRejected':
        uow.put(pages, pageId, touched(page, recorded, await decide(uow, page, recorded, event.data, 'rejected')));
        return;
    }
  },
};
