/** Metadata every stored event carries. */
export interface EventMetadata {
  /** Who caused it: a user id, or `system`. */
  actorId: string;
  /** The request (or seed run) that led to it. */
  correlationId: string;
  /** The command or event that directly caused it. */
  causationId: string;
  /** ISO date string. */
  occurredAt: string;
  /** Schema version of `data` when it was written. */
  schemaVersion: number;
}

/** An event about to be appended. `id` makes the append idempotent. */
export interface NewEvent<T extends string = string, D = unknown> {
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

/** An event as stored: its stream, its revision in that stream (1-based), its global position. */
export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  stream: string;
  revision: number;
  position: number;
}

/** The type/data pair a decider returns; ids and metadata are added by the command side. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

declare const eventsOfStream: unique symbol;

/**
 * A stream's name, typed with the events it holds: `pageStream(id)` is a `Stream<PageStreamEvent>`,
 * so loading or handling it with an evolver of other events does not compile. Made only by the
 * stream-name functions next to each context's events (through `streamOf`).
 */
export type Stream<E extends DomainEvent> = string & { readonly [eventsOfStream]: E };

/** Names a stream of events `E`: the one place a plain string becomes a typed stream. */
export const streamOf = <E extends DomainEvent>(name: string): Stream<E> => name as Stream<E>;

/** The events a typed stream holds. */
export type EventsOf<S> = S extends Stream<infer E> ? E : never;

/** How a stream's state is rebuilt from its events (the "evolve" half of a decider). */
export interface Evolver<S, E extends DomainEvent> {
  initialState: S;
  evolve(state: S, event: E): S;
}
