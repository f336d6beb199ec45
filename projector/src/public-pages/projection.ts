import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { PageEvent } from '@pagelog/contracts/events/page-events';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { redirectId, type PublishedDoc, type RedirectDoc } from '@pagelog/contracts/pages/page-docs';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from '../core/projection';
import { alreadyApplied } from '../core/projection';

const published = readModels.publicPages.collection;
const redirects = readModels.publicRedirects.collection;
/** This projection's own working copy of each page's draft, so it reads no other projection. */
const drafts = 'public_page_drafts';

interface DraftDoc extends Record<string, unknown> {
  pageId: string;
  slug: string;
  locale: string;
  type: string;
  translationGroupId: string;
  typeData: Record<string, unknown>;
  /** The draft as it stands: what the next publication puts on the site. */
  version: PublicPageView['pageVersion'];
  deleted?: boolean;
  revision: number;
}

/** The live page, changed in place when a page-level property (slug, type data) changes. */
async function changeLive(uow: UnitOfWork, pageId: string, change: (doc: PublishedDoc) => PublishedDoc): Promise<void> {
  const doc = await uow.get<PublishedDoc>(published, pageId);
  if (doc) uow.put(published, pageId, change(doc));
}

/** What the public site reads: each page's published version, found by locale and slug, and the old paths of pages that moved. */
export const publicPagesProjection: Projection = {
  name: readModels.publicPages.projection,
  // 2: unpublish, delete, slug moves with redirects, translation groups (issue 4).
  version: 2,
  collections: [
    { name: published, indexes: ['locale', 'slug', 'translationGroupId'] },
    { name: drafts, indexes: [] },
    { name: redirects, indexes: ['pageId'] },
  ],
  handles: [
    'PageCreated',
    'PageVersionStored',
    'PageDraftStarted',
    'PagePublished',
    'PageUnpublished',
    'PageSlugChanged',
    'PageTypeDataChanged',
    'PageSettingsStored',
    'PageLinksUpdated',
    'PageDeleted',
  ] satisfies PageEvent['type'][],
  prefetch(events) {
    const pageIds = events.map((e) => (e.data as { pageId: string }).pageId);
    const changesLive = events.filter((e) => e.type === 'PageSlugChanged' || e.type === 'PageTypeDataChanged').map((e) => (e.data as { pageId: string }).pageId);
    return [
      { collection: drafts, ids: pageIds },
      { collection: published, ids: changesLive },
    ];
  },
  async apply(recorded: RecordedEvent, uow) {
    const event = recorded as unknown as PageEvent & RecordedEvent;
    const pageId = event.data.pageId;
    const draft = await uow.get<DraftDoc>(drafts, pageId);
    if (alreadyApplied(draft, recorded)) return;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'PageCreated') {
      const d = event.data;
      const definition = pageType(d.type);
      // A page that takes a slug ends any redirect from it.
      uow.delete(redirects, redirectId(d.locale, d.slug));
      uow.put(drafts, pageId, {
        pageId,
        slug: d.slug,
        locale: d.locale,
        type: d.type,
        translationGroupId: d.translationGroupId,
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
        revision: recorded.revision,
      } satisfies DraftDoc);
      return;
    }
    if (!draft) return;
    const next = (change: Partial<DraftDoc>): DraftDoc => ({ ...draft, ...change, revision: recorded.revision });
    switch (event.type) {
      case 'PageVersionStored': {
        const { versionId, title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } = event.data;
        uow.put(drafts, pageId, next({ version: { ...draft.version, versionID: versionId, title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } }));
        return;
      }
      case 'PageLinksUpdated':
        uow.put(drafts, pageId, next({ version: { ...draft.version, versionID: event.data.versionId, blocks: event.data.blocks } }));
        return;
      case 'PageDraftStarted':
        uow.put(drafts, pageId, next({ version: { ...draft.version, versionID: event.data.versionId } }));
        return;
      case 'PagePublished':
        uow.put(published, pageId, {
          id: pageId,
          slug: draft.slug,
          type: draft.type,
          locale: draft.locale,
          translationGroupId: draft.translationGroupId,
          pageVersion: draft.version,
          publishedAt: at,
        } satisfies PublishedDoc);
        uow.put(drafts, pageId, next({}));
        return;
      case 'PageUnpublished':
        uow.delete(published, pageId);
        uow.put(drafts, pageId, next({}));
        return;
      case 'PageSlugChanged': {
        const d = event.data;
        uow.delete(redirects, redirectId(d.locale, d.slug));
        uow.put(redirects, redirectId(d.locale, d.previousSlug), { locale: d.locale, slug: d.previousSlug, pageId } satisfies RedirectDoc);
        await changeLive(uow, pageId, (doc) => ({ ...doc, slug: d.slug }));
        uow.put(drafts, pageId, next({ slug: d.slug }));
        return;
      }
      case 'PageSettingsStored': {
        // The draft's settings: the live page shows them once the draft is published.
        const props = event.data.typeData;
        uow.put(drafts, pageId, next({ typeData: props, version: { ...draft.version, pageType: { ...draft.version.pageType, props } } }));
        return;
      }
      case 'PageTypeDataChanged': {
        // Stored before type data was part of the draft: such events changed the live page at once.
        const props = event.data.typeData;
        await changeLive(uow, pageId, (doc) => ({ ...doc, pageVersion: { ...doc.pageVersion, pageType: { ...doc.pageVersion.pageType, props } } }));
        uow.put(drafts, pageId, next({ typeData: props, version: { ...draft.version, pageType: { ...draft.version.pageType, props } } }));
        return;
      }
      case 'PageDeleted':
        uow.delete(published, pageId);
        uow.put(drafts, pageId, next({ deleted: true }));
        return;
      default:
        return;
    }
  },
};
