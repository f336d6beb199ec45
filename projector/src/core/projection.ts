import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { Prefetch, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';

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
  collections: { name: string; indexes: string[] }[];
  handles: readonly string[];
  apply(event: RecordedEvent, uow: UnitOfWork): Promise<void>;
  /** The documents `apply` will read for these events, fetched in one go per collection. */
  prefetch?(events: RecordedEvent[]): Prefetch;
}

/** True when a document has already seen this event of its stream (replays are harmless). */
export function alreadyApplied(doc: { revision?: unknown } | null, event: RecordedEvent): boolean {
  return doc !== null && typeof doc.revision === 'number' && doc.revision >= event.revision;
}
