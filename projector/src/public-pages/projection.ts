import type { PageEvent } from '@pagelog/contracts/events/page-events';
import { listDateOf, liveDocOf, publicPageTagId, redirectId, tagLinksOf, type PublicDraftDoc, type PublishedDoc, type RedirectDoc } from '@pagelog/contracts/pages/page-docs';
import { pageType } from '@pagelog/contracts/pages/page-types';
import { readModels } from '@pagelog/contracts/read-models';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const published = readModels.publicPages.collection;
const redirects = readModels.publicRedirects.collection;
const pageTags = readModels.publicPageTags.collection;
/** This projection's own working copy of each page's draft, so it reads no other projection (the site-cache reactor reads a page's tags here once it is off the site). */
const drafts = readModels.publicPageDrafts.collection;

type DraftDoc = PublicDraftDoc;

/** The live page, changed in place when a page-level property (slug, type data) changes. */
async function changeLive(uow: UnitOfWork, pageId: string, change: (doc: PublishedDoc) => PublishedDoc): Promise<void> {
  const doc = await uow.get<PublishedDoc>(published, pageId);
  if (doc) uow.put(published, pageId, change(doc));
}

/** The live page carries these tags now: one document each, with what a tag's list filters and orders by. */
function putTagLinks(uow: UnitOfWork, live: Pick<PublishedDoc, 'id' | 'locale' | 'type' | 'listDate'>, tags: readonly string[]): void {
  for (const { id, doc } of tagLinksOf(live, tags)) uow.put(pageTags, id, doc);
}

/** The page is off the site, or no longer carries these tags. */
function deleteTagLinks(uow: UnitOfWork, pageId: string, tags: readonly string[]): void {
  for (const tagId of tags) uow.delete(pageTags, publicPageTagId(tagId, pageId));
}

/** The page events that change what the site shows; an anchor set before settings belonged to the draft, requests and reviews change nothing there. */
type Handled = Exclude<
  PageEvent['type'],
  // Schedules are plans: the publication a schedule carries out has its own events.
  'PageAnchorChanged' | 'PublicationRequested' | 'PublicationRequestResent' | 'PublicationRequestRevoked' | 'PublicationAccepted' | 'PublicationRejected' | 'PageChangeScheduled' | 'TranslationMarkedUpToDate' | 'PageScheduleCancelled' | 'PageScheduleCarriedOut' | 'PageScheduleFailed'
>;

/**
 * A handler for an event of a page this projection knows: skipped when it has seen the event.
 * The handler answers the draft's change; the draft is stored with the event's revision.
 */
function onDraft<K extends Handled>(handle: (event: RecordedOf<K>, draft: DraftDoc, uow: UnitOfWork) => Promise<Partial<DraftDoc>> | Partial<DraftDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const draft = await uow.get<DraftDoc>(drafts, event.data.pageId);
    if (!draft || alreadyApplied(draft, event)) return;
    const change = await handle(event, draft, uow);
    uow.put(drafts, draft.pageId, { ...draft, ...change, revision: event.revision });
  };
}

/** A page's draft working copy goes live (by hand, or all of a release's pages at once). */
function putLive(uow: UnitOfWork, draft: DraftDoc, at: string): Partial<DraftDoc> {
  const live = liveDocOf(draft, at);
  uow.put(published, draft.pageId, live);
  // A republication may move the page in its tags' lists (a new publication date).
  putTagLinks(uow, live, live.tags ?? []);
  return { firstPublishedAt: live.firstPublishedAt };
}

function takeOffSite(uow: UnitOfWork, draft: DraftDoc): void {
  uow.delete(published, draft.pageId);
  deleteTagLinks(uow, draft.pageId, draft.tags ?? []);
}

/**
 * A release changes the site at its own event, for all its pages at this one position (issue 17:
 * no reader, of the site now or as of any moment, sees part of it). The pages' own PagePublished
 * and PageUnpublished come just before it in the same append and leave the live pages alone;
 * each draft working copy holds by then what goes live (for a rollback, the restored version).
 */
async function applyRelease(uow: UnitOfWork, at: string, items: readonly { pageId: string; live: boolean }[]): Promise<void> {
  for (const item of items) {
    const draft = await uow.get<DraftDoc>(drafts, item.pageId);
    if (!draft || draft.deleted) continue;
    if (item.live) uow.put(drafts, draft.pageId, { ...draft, ...putLive(uow, draft, at) });
    else takeOffSite(uow, draft);
  }
}

/** What the public site reads: each page's published version, found by locale and slug, and the old paths of pages that moved. */
export const publicPagesProjection = defineProjection<Handled | 'ReleasePublished' | 'ReleaseRolledBack'>({
  name: readModels.publicPages.projection,
  // 2: unpublish, delete, slug moves with redirects, translation groups (issue 4). 3: image blocks
  // name an external image by externalUrl (blocks upcast for the media library, issue 12). 4: the
  // first publication and the list date, indexed by type, for overviews and cards (issue 14). 5:
  // the tags of the live pages, and each (tag, live page) for tag pages and tag filters (issue 15).
  // 7: releases go live (and are rolled back) at their own event (issue 17).
  version: 7,
  collections: [
    { name: published, indexes: ['locale', 'slug', 'translationGroupId', 'type', 'listDate'], temporal: true },
    { name: drafts, indexes: [] },
    { name: redirects, indexes: ['pageId'], temporal: true },
    { name: pageTags, indexes: ['tagId', 'locale', 'type', 'listDate'], temporal: true },
  ],
  prefetch(events) {
    const pageIds = events.flatMap((e) => (e.type === 'ReleasePublished' || e.type === 'ReleaseRolledBack' ? (e.data as { items: { pageId: string }[] }).items.map((i) => i.pageId) : [(e.data as { pageId: string }).pageId]));
    const changesLive = events.filter((e) => e.type === 'PageSlugChanged' || e.type === 'PageTypeDataChanged' || e.type === 'PageTagsChanged').map((e) => (e.data as { pageId: string }).pageId);
    return [
      { collection: drafts, ids: pageIds },
      { collection: published, ids: changesLive },
    ];
  },
  handlers: {
    async PageCreated(event, uow) {
      const d = event.data;
      const pageId = d.pageId;
      if (alreadyApplied(await uow.get<DraftDoc>(drafts, pageId), event)) return;
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
        revision: event.revision,
      } satisfies DraftDoc);
    },
    PageVersionStored: onDraft((event, draft) => {
      const { versionId, title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } = event.data;
      return { version: { ...draft.version, versionID: versionId, title, blocks, seoTitle, seoDescription, seoKeywords, seoImage } };
    }),
    PageLinksUpdated: onDraft((event, draft) => ({ version: { ...draft.version, versionID: event.data.versionId, blocks: event.data.blocks } })),
    PageDraftStarted: onDraft((event, draft) => ({ version: { ...draft.version, versionID: event.data.versionId } })),
    // A release's pages go live with the release's event (applyRelease).
    PagePublished: onDraft((event, draft, uow) => (event.data.releaseId ? {} : putLive(uow, draft, event.metadata.occurredAt))),
    PageUnpublished: onDraft((event, draft, uow) => {
      if (!event.data.releaseId) takeOffSite(uow, draft);
      return {};
    }),
    async ReleasePublished(event, uow) {
      await applyRelease(uow, event.metadata.occurredAt, event.data.items.map((i) => ({ pageId: i.pageId, live: true })));
    },
    async ReleaseRolledBack(event, uow) {
      await applyRelease(uow, event.metadata.occurredAt, event.data.items.map((i) => ({ pageId: i.pageId, live: i.restoredVersionId !== null })));
    },
    PageSlugChanged: onDraft(async (event, draft, uow) => {
      const d = event.data;
      uow.delete(redirects, redirectId(d.locale, d.slug));
      uow.put(redirects, redirectId(d.locale, d.previousSlug), { locale: d.locale, slug: d.previousSlug, pageId: draft.pageId } satisfies RedirectDoc);
      await changeLive(uow, draft.pageId, (doc) => ({ ...doc, slug: d.slug }));
      return { slug: d.slug };
    }),
    // The draft's settings: the live page shows them once the draft is published.
    PageSettingsStored: onDraft((event, draft) => {
      const props = event.data.typeData;
      return { typeData: props, version: { ...draft.version, pageType: { ...draft.version.pageType, props } } };
    }),
    PageTypeDataChanged: onDraft(async (event, draft, uow) => {
      // Stored before type data was part of the draft: such events changed the live page at once.
      const props = event.data.typeData;
      await changeLive(uow, draft.pageId, (doc) => {
        const changed = { ...doc, pageVersion: { ...doc.pageVersion, pageType: { ...doc.pageVersion.pageType, props } }, listDate: listDateOf(props, doc.firstPublishedAt ?? doc.publishedAt) };
        putTagLinks(uow, changed, changed.tags ?? []);
        return changed;
      });
      return { typeData: props, version: { ...draft.version, pageType: { ...draft.version.pageType, props } } };
    }),
    // Tags are page-level: the live page carries them at once (decision 0023).
    PageTagsChanged: onDraft(async (event, draft, uow) => {
      const tags = event.data.tags;
      await changeLive(uow, event.data.pageId, (doc) => {
        deleteTagLinks(uow, doc.id, (draft.tags ?? []).filter((id) => !tags.includes(id)));
        putTagLinks(uow, doc, tags);
        return { ...doc, tags };
      });
      return { tags };
    }),
    PageDeleted: onDraft((_event, draft, uow) => {
      uow.delete(published, draft.pageId);
      deleteTagLinks(uow, draft.pageId, draft.tags ?? []);
      return { deleted: true };
    }),
  },
});
