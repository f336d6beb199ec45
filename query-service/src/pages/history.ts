import { pageEventSummary } from '@pagelog/contracts/audit/event-words';
import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { PageHistoryEntry } from '@pagelog/contracts/pages/page';
import type { NameResolver } from '../core/names';
import type { StoredEvent } from '@pagelog/storage/event-store/load-stream';

/** The page's stream, oldest first, as history entries with the actors' names. */
export async function historyOf(events: readonly StoredEvent<PageStreamEvent>[], names: NameResolver): Promise<PageHistoryEntry[]> {
  return Promise.all(
    events.map(async (recorded) => {
      const event: PageStreamEvent = recorded;
      const data = event.data as { versionId?: string };
      return {
        position: recorded.position,
        revision: recorded.revision,
        type: recorded.type,
        occurredAt: recorded.metadata.occurredAt,
        actorId: recorded.metadata.actorId,
        actorName: await names.name(recorded.metadata.actorId),
        versionId: data.versionId ?? null,
        summary: pageEventSummary(event),
        ...(event.type === 'PageVersionStored' && event.data.auto ? { auto: true } : {}),
      };
    }),
  );
}
