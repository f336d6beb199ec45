import type { EventStore } from '../event-store/event-store';
import { CheckpointMovedError, type ReadModelStore } from '../read-model-store/read-model-store';

/**
 * A reactor that has never run starts at the head of the log, not at its beginning: the effects
 * of what happened before it existed (mails of last year) were carried out, or not, by the code
 * of that time, and must not all happen now. Every process that appends events or runs reactors
 * calls this at start, before it appends anything, so no event of its own is left behind. Safe to
 * call from several processes at once: the first one fixes the starting point.
 */
export async function startReactorsAtHead(eventStore: EventStore, readModels: ReadModelStore, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const checkpoint = await readModels.getCheckpoint(name);
    if (checkpoint.updatedAt !== null) continue;
    const head = await eventStore.headPosition();
    await readModels.commit(name, head, async () => {}, { expectedPosition: 0 }).catch((error: unknown) => {
      if (!(error instanceof CheckpointMovedError)) throw error;
    });
  }
}
