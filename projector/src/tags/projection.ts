import type { TagEvent } from '@pagelog/contracts/events/tag-events';
import { readModels } from '@pagelog/contracts/read-models';
import { tagKey, tagSlug } from '@pagelog/contracts/tags/tag';
import { tagAddressId, tagPageLinkId, type TagAddressDoc, type TagDoc, type TagPageDoc, type TagPageLinkDoc } from '@pagelog/contracts/tags/tag-docs';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const tags = readModels.tags.collection;
const pages = readModels.tagPages.collection;
const links = readModels.tagPageLinks.collection;
const addresses = readModels.tagAddresses.collection;

/** The tag's address at this slug, from now on (a later tag with the slug takes it over). */
function keepAddress(uow: UnitOfWork, locale: string, slug: string, tagId: string): void {
  uow.put(addresses, tagAddressId(locale, slug), { locale, slug, tagId } satisfies TagAddressDoc);
}

/** The page events that say which tags a page carries and whether the site shows it. */
type PageEventType = 'PageCreated' | 'PageTagsChanged' | 'PagePublished' | 'PageUnpublished' | 'PageDeleted';
type Handled = TagEvent['type'] | PageEventType | 'ReleasePublished' | 'ReleaseRolledBack';

/** Adds `pages` and `published` to each tag's counts (a tag this projection does not know is left alone). */
async function count(uow: UnitOfWork, tagIds: readonly string[], change: { pages: number; published: number }): Promise<void> {
  if (change.pages === 0 && change.published === 0) return;
  for (const tagId of tagIds) {
    const tag = await uow.get<TagDoc>(tags, tagId);
    if (!tag) continue;
    uow.put(tags, tagId, { ...tag, pageCount: tag.pageCount + change.pages, publishedPageCount: tag.publishedPageCount + change.published } satisfies TagDoc);
  }
}

/** The page's tags are on the site now (`live`) or no longer: each link and each tag's published count follow. */
async function goLive(uow: UnitOfWork, page: TagPageDoc, live: boolean): Promise<void> {
  if (page.live === live) return;
  for (const tagId of page.tags) uow.put(links, tagPageLinkId(tagId, page.id), { tagId, pageId: page.id, live } satisfies TagPageLinkDoc);
  await count(uow, page.tags, { pages: 0, published: live ? 1 : -1 });
}

/** A release's pages go live or off together (their own PagePublished and PageUnpublished left them as they were). */
async function releaseLive(uow: UnitOfWork, items: readonly { pageId: string; live: boolean }[]): Promise<void> {
  for (const item of items) {
    const page = await uow.get<TagPageDoc>(pages, item.pageId);
    if (!page || page.deleted || page.live === item.live) continue;
    await goLive(uow, page, item.live);
    uow.put(pages, page.id, { ...page, live: item.live } satisfies TagPageDoc);
  }
}

/** A handler for an event of a page this projection knows: skipped when it has seen the event; the page is stored with the event's revision. */
function onPage<K extends Exclude<PageEventType, 'PageCreated'>>(handle: (event: RecordedOf<K>, page: TagPageDoc, uow: UnitOfWork) => Promise<Partial<TagPageDoc>>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const page = await uow.get<TagPageDoc>(pages, event.data.pageId);
    if (!page || alreadyApplied(page, event)) return;
    const change = await handle(event, page, uow);
    uow.put(pages, page.id, { ...page, ...change, revision: event.revision } satisfies TagPageDoc);
  };
}

/** A handler for an event of a tag this projection knows; skipped when it has seen the event. */
function onTag<K extends 'TagRenamed' | 'TagMerged'>(change: (event: RecordedOf<K>, uow: UnitOfWork) => Partial<TagDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const tag = await uow.get<TagDoc>(tags, event.data.tagId);
    if (!tag || alreadyApplied(tag, event)) return;
    uow.put(tags, tag.id, { ...tag, ...change(event, uow), revision: event.revision } satisfies TagDoc);
  };
}

/**
 * The tags (issue 15): every tag by id with its locale, visibility, name, key, slug, whether it
 * was merged (and into which), and how many pages carry it, all and published; its own memory of
 * every page (locale, tags, live); and which pages carry which tag, found by tag (what a merge
 * moves). Counts move with the page events, idempotent on the page's revision.
 */
export const tagsProjection = defineProjection<Handled>({
  name: readModels.tags.projection,
  // 2: the addresses (every slug a tag has had), made from the whole log.
  // 4: a release's pages count as live from the release's event (issue 17).
  version: 4,
  collections: [
    { name: tags, indexes: ['locale', 'visibility', 'slug', 'merged'], temporal: true },
    { name: pages, indexes: [] },
    { name: links, indexes: ['tagId', 'pageId'] },
    { name: addresses, indexes: [], temporal: true },
  ],
  prefetch(events) {
    const pageIds = events.flatMap((e) => (e.type.startsWith('Page') ? [(e.data as { pageId: string }).pageId] : e.type.startsWith('Release') ? ((e.data as { items?: { pageId: string }[] }).items ?? []).map((i) => i.pageId) : []));
    const tagIds = events.flatMap((e) => {
      const d = e.data as { tagId?: string; intoTagId?: string; tags?: string[]; removed?: string[] };
      return [d.tagId, d.intoTagId, ...(d.tags ?? []), ...(d.removed ?? [])].filter((id): id is string => typeof id === 'string');
    });
    return [
      { collection: pages, ids: pageIds },
      { collection: tags, ids: tagIds },
    ];
  },
  handlers: {
    async TagCreated(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<TagDoc>(tags, d.tagId), event)) return;
      uow.put(tags, d.tagId, {
        id: d.tagId,
        locale: d.locale,
        visibility: d.visibility,
        name: d.name,
        key: tagKey(d.name),
        slug: tagSlug(d.name),
        merged: false,
        mergedInto: null,
        pageCount: 0,
        publishedPageCount: 0,
        createdAt: event.metadata.occurredAt,
        revision: event.revision,
      } satisfies TagDoc);
      keepAddress(uow, d.locale, tagSlug(d.name), d.tagId);
    },
    TagRenamed: onTag((event, uow) => {
      const slug = tagSlug(event.data.name);
      keepAddress(uow, event.data.locale, slug, event.data.tagId);
      return { name: event.data.name, key: tagKey(event.data.name), slug };
    }),
    // Its pages move to the other tag by events of their own (the tag-merges reactor); the counts follow them.
    TagMerged: onTag((event) => ({ merged: true, mergedInto: event.data.intoTagId, mergedAt: event.position })),
    async PageCreated(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<TagPageDoc>(pages, d.pageId), event)) return;
      uow.put(pages, d.pageId, { id: d.pageId, locale: d.locale, tags: [], live: false, deleted: false, revision: event.revision } satisfies TagPageDoc);
    },
    PageTagsChanged: onPage(async (event, page, uow) => {
      const next = event.data.tags;
      const added = next.filter((id) => !page.tags.includes(id));
      const removed = page.tags.filter((id) => !next.includes(id));
      for (const tagId of added) uow.put(links, tagPageLinkId(tagId, page.id), { tagId, pageId: page.id, live: page.live } satisfies TagPageLinkDoc);
      for (const tagId of removed) uow.delete(links, tagPageLinkId(tagId, page.id));
      const published = page.live ? 1 : 0;
      await count(uow, added, { pages: 1, published });
      await count(uow, removed, { pages: -1, published: -published });
      return { tags: [...next] };
    }),
    // A release's pages go live (or off) with the release's own event, all at once.
    PagePublished: onPage(async (event, page, uow) => {
      if (event.data.releaseId) return {};
      await goLive(uow, page, true);
      return { live: true };
    }),
    PageUnpublished: onPage(async (event, page, uow) => {
      if (event.data.releaseId) return {};
      await goLive(uow, page, false);
      return { live: false };
    }),
    async ReleasePublished(event, uow) {
      await releaseLive(uow, event.data.items.map((i) => ({ pageId: i.pageId, live: true })));
    },
    async ReleaseRolledBack(event, uow) {
      await releaseLive(uow, event.data.items.map((i) => ({ pageId: i.pageId, live: i.restoredVersionId !== null })));
    },
    PageDeleted: onPage(async (_event, page, uow) => {
      for (const tagId of page.tags) uow.delete(links, tagPageLinkId(tagId, page.id));
      await count(uow, page.tags, { pages: -1, published: page.live ? -1 : 0 });
      return { tags: [], live: false, deleted: true };
    }),
  },
});
