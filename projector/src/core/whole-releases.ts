import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventStore } from '@pagelog/storage/event-store/event-store';

/** The events a release writes on its pages' and menus' streams, marked with its id, before its own. */
const MARKED: ReadonlySet<string> = new Set(['PagePublished', 'PageUnpublished', 'MenuPublished']);
const RELEASE_ENDS: ReadonlySet<string> = new Set(['ReleasePublished', 'ReleaseRolledBack']);

/** The releases whose marked events the batch holds without the release's own event after them. */
function unfinished(events: readonly RecordedEvent[]): Set<string> {
  const open = new Set<string>();
  for (const event of events) {
    const releaseId = (event.data as { releaseId?: unknown }).releaseId;
    if (typeof releaseId !== 'string') continue;
    if (MARKED.has(event.type)) open.add(releaseId);
    else if (RELEASE_ENDS.has(event.type)) open.delete(releaseId);
  }
  return open;
}

/**
 * A batch of the log that never ends inside a release's append (issue 17): when the batch holds a
 * release's marked events but not the release's own event, it goes on until that event. A reader
 * that builds from the streams as they are now (the search indexer) then takes in every page of
 * the release at once, never part of it. The append is all or nothing, so the rest is in the log.
 */
export async function readWholeReleases(store: Pick<EventStore, 'readAll'>, after: number, limit: number): Promise<RecordedEvent[]> {
  const events = await store.readAll({ after, limit });
  if (unfinished(events).size === 0) return events;
  const size = events.length;
  for (;;) {
    const more = await store.readAll({ after: events[events.length - 1]!.position, limit });
    if (more.length === 0) return events;
    events.push(...more);
    // Up to the event that ends the last release left open, not the rest of what was read.
    for (let end = size + 1; end <= events.length; end++) {
      if (unfinished(events.slice(0, end)).size === 0) return events.slice(0, end);
    }
  }
}
