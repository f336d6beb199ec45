import type { Locale } from '@pagelog/contracts/locales';
import { mediaStream } from '@pagelog/contracts/events/media-events';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { readModels } from '@pagelog/contracts/read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { isLiveItem, mediaEvolver } from '../media/media-state';
import type { LibraryItemFacts } from './decider';

/**
 * The facts a settings update is decided on besides the settings' own stream (the facts of
 * UpdateSettings), behind one port so the decider stays pure and the specs can give any.
 */
export interface SettingsLookups {
  /**
   * The library items with these ids, from each item's own stream: an item deleted a moment ago
   * is seen as deleted, which a read model might not show yet. Ids that never were an item are absent.
   */
  libraryItems(ids: readonly string[]): Promise<Record<string, LibraryItemFacts>>;
  /**
   * How many pages are written in each of these locales (deleted pages not counted), from the
   * pages read model once it has caught up with the log's head as it was when asked: a guard
   * against removing a locale from under its pages must not count on a lagging read. 503 when it
   * cannot catch up in time (the request may be sent again).
   */
  pagesPerLocale(locales: readonly Locale[]): Promise<Partial<Record<Locale, number>>>;
}

export function settingsReadModelLookups(events: EventStore, store: ReadModelStore, consistencyTimeoutMs: number): SettingsLookups {
  return {
    async libraryItems(ids) {
      const found: Record<string, LibraryItemFacts> = {};
      for (const id of new Set(ids)) {
        const { state } = await loadStream(events, mediaStream(id), mediaEvolver);
        if (state.exists) found[id] = { live: isLiveItem(state), kind: state.kind };
      }
      return found;
    },
    async pagesPerLocale(locales) {
      if (locales.length === 0) return {};
      const head = await events.headPosition();
      if (!(await store.waitForCheckpoints([readModels.pages.projection], head, consistencyTimeoutMs))) {
        throw new StoreUnavailableError('the pages read model is behind the log');
      }
      const counts = await Promise.all(locales.map((locale) => store.count(readModels.pages.collection, { where: { locale } })));
      return Object.fromEntries(locales.map((locale, i) => [locale, counts[i]!]));
    },
  };
}
