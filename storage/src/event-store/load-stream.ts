import type { DomainEvent, Evolver, RecordedEvent, Stream } from '@pagelog/contracts/events/event';
import type { EventStore, ReadStreamOptions } from './event-store';

/** A stored event of a typed stream: its type and data as the stream's event union says. */
export type StoredEvent<E extends DomainEvent> = RecordedEvent & E;

/**
 * A typed stream's events. The one place a stored event is taken to be one of its stream's
 * events: what `Stream<E>` promises, since only the stream's own context appends to it.
 */
export async function readStreamOf<E extends DomainEvent>(store: EventStore, stream: Stream<E>, options?: ReadStreamOptions): Promise<StoredEvent<E>[]> {
  return (await store.readStream(stream, options)) as StoredEvent<E>[];
}

/** Folds events from the evolver's initial state. */
export function fold<S, E extends DomainEvent>(evolver: Evolver<S, E>, events: readonly E[]): S {
  return events.reduce((state, event) => evolver.evolve(state, event), evolver.initialState);
}

/** A stream's state, its revision (0 when empty) and its events, typed end to end. */
export async function loadStream<S, E extends DomainEvent>(store: EventStore, stream: Stream<E>, evolver: Evolver<S, E>): Promise<{ state: S; revision: number; events: StoredEvent<E>[] }> {
  const events = await readStreamOf(store, stream);
  return { state: fold(evolver, events), revision: events.length === 0 ? 0 : events[events.length - 1]!.revision, events };
}
