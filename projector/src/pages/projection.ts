import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData } from '@pagelog/contracts/events/registry';
import type { PageView, PageVersionView } from '@pagelog/contracts/pages/page';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from '../core/projection';
import { alreadyApplied } from '../core/projection';

const pages = readModels.pages.collection;
const versions = readModels.pageVersions.collection;

type PageDoc = PageView & Record<string, unknown>;
type VersionDoc = PageVersionView & { revision: number } & Record<string, unknown>;

function touch(page: PageDoc, event: RecordedEvent): PageDoc {
  return { ...page, revision: event.revision, updatedAt: event.metadata.occurredAt, updatedBy: event.metadata.actorId };
}

async function versionDoc(uow: UnitOfWork, id: string): Promise<VersionDoc | null> {
  return uow.get<VersionDoc>(versions, id);
}

/** The admin's view of pages and of every version of each page. */
export const pagesProjection: Projection = {
  name: readModels.pages.projection,
  collections: [
    { name: pages, indexes: ['locale', 'type', 'slug', 'translationGroupId', 'updatedAt'] },
    { name: versions, indexes: ['pageID'] },
  ],
  handles: ['PageCreated', 'PageVersionStored', 'PageDraftStarted', 'PagePublished'],
  prefetch(events) {
    const data = events.map((e) => e.data as { pageId: string; versionId?: string; basedOnVersionId?: string });
    return [
      { collection: pages, ids: data.map((d) => d.pageId) },
      { collection: versions, ids: data.flatMap((d) => [d.versionId, d.basedOnVersionId].filter((id): id is string => !!id)) },
    ];
  },
  async apply(event, uow) {
    const pageId = (event.data as { pageId: string }).pageId;
    const page = await uow.get<PageDoc>(pages, pageId);
    if (alreadyApplied(page, event)) return;
    const at = event.metadata.occurredAt;
    const by = event.metadata.actorId;
    switch (event.type) {
      case 'PageCreated': {
        const d = event.data as EventData<'PageCreated'>;
        const doc: PageDoc = {
          id: d.pageId,
          slug: d.slug,
          type: d.type,
          locale: d.locale,
          title: d.title,
          content: d.content,
          typeData: d.typeData,
          translationGroupId: d.translationGroupId,
          draftVersionID: d.versionId,
          publishedVersionID: null,
          publishedID: null,
          status: 'concept',
          revision: event.revision,
          createdAt: at,
          updatedAt: at,
          updatedBy: by,
        };
        uow.put(pages, d.pageId, doc);
        const version: VersionDoc = {
          id: d.versionId,
          pageID: d.pageId,
          title: d.title,
          blocks: [],
          seoTitle: '',
          seoDescription: '',
          seoKeywords: [],
          seoImage: [],
          hasPublicationRequest: false,
          published: false,
          storedAt: at,
          storedBy: by,
          revision: event.revision,
        };
        uow.put(versions, d.versionId, version);
        return;
      }
      case 'PageVersionStored': {
        if (!page) return;
        const d = event.data as EventData<'PageVersionStored'>;
        const existing = await versionDoc(uow, d.versionId);
        uow.put(versions, d.versionId, {
          ...(existing ?? { id: d.versionId, pageID: d.pageId, hasPublicationRequest: false, published: false }),
          title: d.title,
          blocks: d.blocks,
          seoTitle: d.seoTitle,
          seoDescription: d.seoDescription,
          seoKeywords: d.seoKeywords,
          seoImage: d.seoImage,
          storedAt: at,
          storedBy: by,
          revision: event.revision,
        });
        uow.put(pages, pageId, {
          ...touch(page, event),
          title: d.title,
          status: page.publishedVersionID ? 'unpublished-changes' : page.status,
        });
        return;
      }
      case 'PageDraftStarted': {
        if (!page) return;
        const d = event.data as EventData<'PageDraftStarted'>;
        const basedOn = await versionDoc(uow, d.basedOnVersionId);
        uow.put(versions, d.versionId, {
          ...(basedOn ?? {}),
          id: d.versionId,
          pageID: d.pageId,
          published: false,
          hasPublicationRequest: false,
          storedAt: at,
          storedBy: by,
          revision: event.revision,
        });
        uow.put(pages, pageId, { ...touch(page, event), draftVersionID: d.versionId });
        return;
      }
      case 'PagePublished': {
        if (!page) return;
        const d = event.data as EventData<'PagePublished'>;
        const version = await versionDoc(uow, d.versionId);
        if (version) uow.put(versions, d.versionId, { ...version, published: true, revision: event.revision });
        uow.put(pages, pageId, {
          ...touch(page, event),
          publishedVersionID: d.versionId,
          publishedID: d.versionId,
          status: 'published',
        });
        return;
      }
    }
  },
};
