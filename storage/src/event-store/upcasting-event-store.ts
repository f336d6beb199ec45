import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { upcast } from '@pagelog/contracts/events/registry';
import type { EventStore } from './event-store';

/** The event as readers see it: data lifted to the current schema version of its type. */
function lifted(event: RecordedEvent): RecordedEvent {
  const data = upcast(event.type, event.metadata.schemaVersion, event.data);
  return data === event.data ? event : { ...event, data };
}

/**
 * The one place events are upcast: wraps any adapter (which returns events as stored, with the
 * schema version they were written with in their metadata) so every reader sees the current
 * shape of each type. Stored events never change; the metadata keeps the version as written.
 */
export function upcasting(store: EventStore): EventStore {
  return {
    async append(stream, events, expectedRevision) {
      const result = await store.append(stream, events, expectedRevision);
      return { ...result, events: result.events.map(lifted) };
    },
    async appendMany(parts) {
      const results = await store.appendMany(parts);
      return results.map((result) => ({ ...result, events: result.events.map(lifted) }));
    },
    async readStream(stream, options) {
      return (await store.readStream(stream, options)).map(lifted);
    },
    streamRevision: (stream) => store.streamRevision(stream),
    async readAll(options) {
      return (await store.readAll(options)).map(lifted);
    },
    headPosition: () => store.headPosition(),
    // The chain is of the events as stored: never upcast.
    ...(store.readChain ? { readChain: store.readChain.bind(store) } : {}),
    subscribe: (listener) => store.subscribe(listener),
    close: () => store.close(),
  };
}
