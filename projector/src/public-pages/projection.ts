import type { EventData } from '@pagelog/contracts/events/registry';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { readModels } from '@pagelog/contracts/read-models';
import type { Projection } from '../core/projection';
import { alreadyApplied } from '../core/projection';

const published = readModels.publicPages.collection;
/** This projection's own working copy of each page's draft, so it reads no other projection. */
const drafts = 'public_page_drafts';

interface DraftDoc extends Record<string, unknown> {
  pageId: string;
  slug: string;
  locale: string;
  type: string;
  typeData: Record<string, unknown>;
  version: PublicPageView['pageVersion'];
  revision: number;
}

/** What the public site reads: each page's published version, found by locale and slug. */
export const publicPagesProjection: Projection = {
  name: readModels.publicPages.projection,
  collections: [
    { name: published, indexes: ['locale', 'slug'] },
    { name: drafts, indexes: [] },
  ],
  handles: ['PageCreated', 'PageVersionStored', 'PageDraftStarted', 'PagePublished'],
  prefetch(events) {
    return [{ collection: drafts, ids: events.map((e) => (e.data as { pageId: string }).pageId) }];
  },
  async apply(event, uow) {
    const pageId = (event.data as { pageId: string }).pageId;
    const draft = await uow.get<DraftDoc>(drafts, pageId);
    if (alreadyApplied(draft, event)) return;
    switch (event.type) {
      case 'PageCreated': {
        const d = event.data as EventData<'PageCreated'>;
        const definition = pageType(d.type);
        uow.put(drafts, pageId, {
          pageId,
          slug: d.slug,
          locale: d.locale,
          type: d.type,
          typeData: d.typeData,
          version: {
            pageID: pageId,
            versionID: d.versionId,
            title: d.title,
            seoTitle: '',
            seoDescription: '',
            seoKeywords: [],
            seoImage: [],
            blocks: [],
            pageType: { id: d.type, header: definition?.header ?? 'default', footer: definition?.footer ?? 'default', props: d.typeData },
            images: [],
            files: [],
          },
          revision: event.revision,
        } satisfies DraftDoc);
        return;
      }
      case 'PageVersionStored': {
        if (!draft) return;
        const d = event.data as EventData<'PageVersionStored'>;
        uow.put(drafts, pageId, {
          ...draft,
          version: {
            ...draft.version,
            versionID: d.versionId,
            title: d.title,
            blocks: d.blocks,
            seoTitle: d.seoTitle,
            seoDescription: d.seoDescription,
            seoKeywords: d.seoKeywords,
            seoImage: d.seoImage,
          },
          revision: event.revision,
        });
        return;
      }
      case 'PageDraftStarted': {
        if (!draft) return;
        const d = event.data as EventData<'PageDraftStarted'>;
        uow.put(drafts, pageId, { ...draft, version: { ...draft.version, versionID: d.versionId }, revision: event.revision });
        return;
      }
      case 'PagePublished': {
        if (!draft) return;
        const view: PublicPageView & { id: string; publishedAt: string } & Record<string, unknown> = {
          id: pageId,
          slug: draft.slug,
          type: draft.type,
          locale: draft.locale,
          pageVersion: draft.version,
          publishedAt: event.metadata.occurredAt,
        };
        uow.put(published, pageId, view);
        uow.put(drafts, pageId, { ...draft, revision: event.revision });
        return;
      }
    }
  },
};
