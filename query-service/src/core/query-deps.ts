import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

export interface QueryDeps {
  readModels: ReadModelStore;
  /** History and the head position come straight from the event store. */
  eventStore: EventStore;
  /** How long a query waits for X-Pagelog-Min-Position (about 2 s). */
  consistencyTimeoutMs: number;
}
