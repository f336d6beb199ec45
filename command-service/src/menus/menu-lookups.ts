import { pageStream } from '@pagelog/contracts/events/page-events';
import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { isLive, pageEvolver } from '../pages/page-state';

/** The fact the menu commands take from outside the menu's stream: which pages exist, in which locale. */
export interface MenuLookups {
  /** The locale of each of the pages that exists now, by id; a deleted or unknown page is absent. */
  pageLocales(pageIds: readonly string[]): Promise<Map<string, string>>;
}

/**
 * Finds the pages in the pages read model (one read for the whole menu) once it has caught up with
 * the log as it was when asked (at most the consistency timeout). A page it does not hold is looked
 * up in its own stream, so a page created a moment ago is not refused because a projection lags.
 */
export function menuReadModelLookups(events: EventStore, store: ReadModelStore, consistencyTimeoutMs: number): MenuLookups {
  return {
    async pageLocales(pageIds) {
      const found = new Map<string, string>();
      if (pageIds.length === 0) return found;
      await store.waitForCheckpoints([readModels.pages.projection], await events.headPosition(), consistencyTimeoutMs);
      const docs = await store.getMany<PageDoc>(readModels.pages.collection, [...pageIds]);
      for (const [id, doc] of docs) found.set(id, doc.locale);
      for (const id of pageIds.filter((each) => !found.has(each))) {
        const { state } = await loadStream(events, pageStream(id), pageEvolver);
        if (isLive(state)) found.set(id, state.locale);
      }
      return found;
    },
  };
}
