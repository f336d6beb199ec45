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
