import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventData, PagelogEventType } from '@pagelog/contracts/events/registry';
import type { IndexSpec, Prefetch, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';

/**
 * A named projection: the event types it handles and how each changes its read models. It must
 * be idempotent (a document remembers the stream revision it has seen), read no other
 * projection's collections, and be rebuildable from an empty store.
 */
export interface Projection {
  name: string;
  /**
   * Raised whenever what the projection writes changes shape or meaning: a store whose read
   * models an older version wrote is rebuilt from the log when the projector starts.
   */
  version: number;
  /**
   * Its collections and their indexes. A `temporal` one keeps its history (decision 0005): the
   * public site as of any moment reads it, so it holds what the site shows and refers to other
   * documents by id.
   */
  collections: { name: string; indexes: IndexSpec[]; temporal?: boolean }[];
  handles: readonly string[];
  apply(event: RecordedEvent, uow: UnitOfWork): Promise<void>;
  /** The documents `apply` will read for these events, fetched in one go per collection. */
  prefetch?(events: RecordedEvent[]): Prefetch;
}

/** True when a document has already seen this event of its stream (replays are harmless). */
export function alreadyApplied(doc: { revision?: unknown } | null, event: RecordedEvent): boolean {
  return doc !== null && typeof doc.revision === 'number' && doc.revision >= event.revision;
}

/** A stored event of type `T`, its data typed. */
export type RecordedOf<T extends PagelogEventType> = RecordedEvent<T, EventData<T>>;

/** One handler for each event type in `T`, and for no other. */
export type EventHandlers<T extends PagelogEventType> = { [K in T]: (event: RecordedOf<K>, uow: UnitOfWork) => Promise<void> | void };

/**
 * A projection from one handler per event type. Name the event types it handles as `T`
 * (`defineProjection<PageEvent['type']>(…)`): a type of `T` without a handler, or a handler for
 * a type outside `T`, does not compile, and `handles` is the handlers' keys, so the two lists
 * cannot drift apart.
 */
export function defineProjection<T extends PagelogEventType>(
  definition: Omit<Projection, 'handles' | 'apply'> & { handlers: EventHandlers<NoInfer<T>> },
): Projection {
  const { handlers, ...rest } = definition;
  // Looked up by the event's own type, so each handler only ever gets the events it is typed for
  // (a table of handlers of narrower events cannot be typed as one of wider ones without a cast).
  const table = handlers as unknown as Record<string, (event: RecordedEvent, uow: UnitOfWork) => Promise<void> | void>;
  return {
    ...rest,
    handles: Object.keys(handlers),
    async apply(event, uow) {
      if (Object.hasOwn(table, event.type)) await table[event.type]!(event, uow);
    },
  };
}
