import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventStore } from '@pagelog/storage/event-store/event-store';

/** The events a release writes on its pages' and menus' streams, marked with its id, before its own. */
const MARKED: ReadonlySet<string> = new Set(['PagePublished', 'PageUnpublished', 'MenuPublished']);
const RELEASE_ENDS: ReadonlySet<string> = new Set(['ReleasePublished', 'ReleaseRolledBack']);

/** Follows which releases a run of events leaves open: marked events without the release's own event after them. */
class OpenReleases {
  private readonly open = new Set<string>();

  take(event: RecordedEvent): void {
    const releaseId = (event.data as { releaseId?: unknown }).releaseId;
    if (typeof releaseId !== 'string') return;
    if (MARKED.has(event.type)) this.open.add(releaseId);
    else if (RELEASE_ENDS.has(event.type)) this.open.delete(releaseId);
  }

  get any(): boolean {
    return this.open.size > 0;
  }
}

/**
 * A batch of the log that never ends inside a release's append (issue 17): when the batch holds a
 * release's marked events but not the release's own event, it goes on until that event (and no
 * further). A reader that builds from the streams as of the batch's end (the search indexer)
 * then takes in every page of the release at once, never part of it. The append is all or
 * nothing, so the rest is in the log.
 */
export async function readWholeReleases(store: Pick<EventStore, 'readAll'>, after: number, limit: number): Promise<RecordedEvent[]> {
  const events = await store.readAll({ after, limit });
  const open = new OpenReleases();
  events.forEach((event) => open.take(event));
  while (open.any) {
    const more = await store.readAll({ after: events[events.length - 1]!.position, limit });
    if (more.length === 0) break;
    for (const event of more) {
      events.push(event);
      open.take(event);
      if (!open.any) break;
    }
  }
  return events;
}
