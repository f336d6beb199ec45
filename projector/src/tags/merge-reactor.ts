import { randomUUID } from 'node:crypto';
import { ConflictError } from '@pagelog/contracts/domain-errors';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { pageStream, type PageStreamEvent, type PageTagsChanged } from '@pagelog/contracts/events/page-events';
import { currentSchemaVersion, type EventData } from '@pagelog/contracts/events/registry';
import { reactorNames, readModels } from '@pagelog/contracts/read-models';
import type { TagDoc, TagPageLinkDoc } from '@pagelog/contracts/tags/tag-docs';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { fold, readStreamOf } from '@pagelog/storage/event-store/load-stream';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Reactor } from '../core/reactor';

export interface TagMergesReactorDeps {
  /** Where the pages' PageTagsChanged go. */
  eventStore: EventStore;
  readModels: ReadModelStore;
  clock?: () => number;
}

/** What a move needs of a page: whether it exists, its locale and its tags (the page stream's own events, folded). */
interface PageTagsState {
  exists: boolean;
  deleted: boolean;
  locale: string;
  tags: string[];
}

const pageTagsEvolver = {
  initialState: { exists: false, deleted: false, locale: '', tags: [] } as PageTagsState,
  evolve(state: PageTagsState, event: PageStreamEvent): PageTagsState {
    if (event.type === 'PageCreated') return { ...state, exists: true, locale: event.data.locale };
    if (event.type === 'PageTagsChanged') return { ...state, tags: event.data.tags };
    if (event.type === 'PageDeleted') return { ...state, deleted: true };
    return state;
  },
};

/** Who a move is written for: the merge's actor and request, or the system when a page took a merged tag late. */
interface Cause {
  actorId: string;
  correlationId: string;
  causationId: string;
}

/** How often a move is decided again when the page's stream moved meanwhile (an editor saving its tags). */
const ATTEMPTS = 10;

/**
 * A merge's process manager (decision 0023): when a tag is merged (TagMerged), every page carrying
 * it gets PageTagsChanged with `mergedFrom`, the tag replaced by the one it was merged into. A
 * page given the merged tag by a command that read the tag just before the merge (its
 * PageTagsChanged lands after TagMerged in the log) is moved the same way when that event comes
 * by. Each move is decided on the page's own stream as it is then, and appended at the revision
 * read: a page that no longer carries the tag gets nothing, so running an event again (at least
 * once) moves no page twice, per page and merge. Tags merged in a chain (A into B, then B into C)
 * move to the last one. The pages carrying a tag come from the tags projection (`reads`), which
 * has taken the merge in before the reactor acts on it.
 */
export function tagMergesReactor({ eventStore, readModels: store, clock = Date.now }: TagMergesReactorDeps): Reactor {
  /** The tag a merged tag's pages end up with: the end of its merge chain. */
  async function finalTarget(intoTagId: string): Promise<string> {
    const seen = new Set<string>();
    let current = intoTagId;
    for (;;) {
      seen.add(current);
      const tag = await store.get<TagDoc>(readModels.tags.collection, current);
      if (!tag?.merged || !tag.mergedInto || seen.has(tag.mergedInto)) return current;
      current = tag.mergedInto;
    }
  }

  async function move(pageId: string, from: string, into: string, cause: Cause): Promise<void> {
    const stream = pageStream(pageId);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const events = await readStreamOf(eventStore, stream);
      const page = fold(pageTagsEvolver, events);
      if (!page.exists || page.deleted || !page.tags.includes(from)) return;
      const tags = [...new Set(page.tags.map((id) => (id === from ? into : id)))];
      const data: PageTagsChanged['data'] = {
        pageId,
        locale: page.locale,
        tags,
        added: page.tags.includes(into) ? [] : [into],
        removed: [from],
        mergedFrom: { tagId: from, intoTagId: into },
      };
      const metadata = { ...cause, occurredAt: new Date(clock()).toISOString(), schemaVersion: currentSchemaVersion('PageTagsChanged') };
      try {
        await eventStore.append(stream, [{ id: randomUUID(), type: 'PageTagsChanged', data, metadata }], events.length === 0 ? 0 : events[events.length - 1]!.revision);
        return;
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    // Stops the reactor at this event, visibly, and it tries again with back-off.
    throw new Error(`page ${pageId} kept changing while its merged tag ${from} was moved to ${into}`);
  }

  async function reactToMerge(event: RecordedEvent): Promise<void> {
    const { tagId, intoTagId } = event.data as EventData<'TagMerged'>;
    const into = await finalTarget(intoTagId);
    const carrying = await store.find<TagPageLinkDoc>(readModels.tagPageLinks.collection, { where: { tagId } });
    const cause = { actorId: event.metadata.actorId, correlationId: event.metadata.correlationId, causationId: event.id };
    for (const link of carrying) await move(link.pageId, tagId, into, cause);
  }

  async function reactToPageTags(event: RecordedEvent): Promise<void> {
    const { pageId, added } = event.data as EventData<'PageTagsChanged'>;
    if (added.length === 0) return;
    const docs = await store.getMany<TagDoc>(readModels.tags.collection, added);
    const cause = { actorId: 'system', correlationId: event.metadata.correlationId, causationId: event.id };
    for (const tag of docs.values()) {
      // Only a tag merged before the page was given it: a merge later in the log moves its pages itself (in its actor's name).
      const mergedBefore = tag.mergedAt === undefined || tag.mergedAt < event.position;
      if (tag.merged && tag.mergedInto && mergedBefore) await move(pageId, tag.id, await finalTarget(tag.mergedInto), cause);
    }
  }

  return {
    name: reactorNames.tagMerges,
    handles: ['TagMerged', 'PageTagsChanged'],
    reads: [readModels.tags.projection],
    async react(event: RecordedEvent) {
      if (event.type === 'TagMerged') await reactToMerge(event);
      else await reactToPageTags(event);
    },
  };
}
