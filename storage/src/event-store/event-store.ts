import type { NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { ConflictError } from '@pagelog/contracts/domain-errors';
import type { ChainedEvent } from './event-chain';

/**
 * The event store port. Revisions are 1-based per stream (an empty stream is at revision 0).
 * Positions are strictly increasing in commit order over the whole log, so a reader that has
 * passed position p never meets a later-committed event below p. SQLite and PostgreSQL number
 * them 1..N without gaps; KurrentDB uses its commit positions (increasing, not dense). Readers
 * only compare positions and pass them back as `after`.
 */
export type ExpectedRevision = number | 'any';

export interface AppendResult {
  /** Global position of the last appended (or, on an idempotent retry, already stored) event. */
  position: number;
  /** The stream's revision after the append. */
  revision: number;
  /** The events as stored. */
  events: RecordedEvent[];
}

export interface ReadStreamOptions {
  /** Start here (inclusive). Forwards default: 1; backwards default: the last revision. */
  fromRevision?: number;
  direction?: 'forwards' | 'backwards';
  limit?: number;
}

export interface ReadAllOptions {
  /** Read events with a position strictly greater than this. Default 0 (from the start). */
  after?: number;
  /** Batch size. Default 500. */
  limit?: number;
}

/** One stream's part of an append to several streams. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface EventStore {
  /**
   * Appends events to a stream when its current revision equals `expectedRevision` ('any' skips
   * the check). A stale revision throws ConflictError with the current revision. Appending events
   * whose ids are all already stored in that stream is an idempotent retry: nothing is written and
   * the original result is returned, whatever the expected revision.
   */
  append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams at once, all or nothing: each part is checked as `append` checks
   * it, and a stale revision in any part throws its ConflictError with nothing written. The
   * parts' events take consecutive positions in the order given (a release's publication and
   * each of its pages' records, issue 17). A retry whose events are all stored already writes
   * nothing and answers the original results; a retry of which only some are stored is refused.
   */
  appendMany(parts: StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events in order (or reverse order); an unknown stream reads as empty. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Current revision of a stream (0 when it has no events). */
  streamRevision(stream: string): Promise<number>;
  /** One batch of the global log after a position, in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last committed event (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * One batch of the log as stored, each event with its link in the hash chain (event-chain.ts),
   * for `verify` and the auditors' exports. Left out by adapters that keep no chain.
   */
  readChain?(options?: ReadAllOptions): Promise<ChainedEvent[]>;
  /**
   * Calls `listener(position)` soon after events are committed (by this process or, where the
   * adapter can tell, by another). Listeners must re-read the log; the position is a hint.
   */
  subscribe(listener: (position: number) => void): () => void;
  close(): Promise<void>;
}

/** The parts of an append to several streams: at least one, each a stream of its own. */
export function assertAppendableParts(parts: readonly StreamAppend[]): void {
  if (parts.length === 0) throw new TypeError('appendMany: no streams to append to');
  const streams = new Set(parts.map((p) => p.stream));
  if (streams.size !== parts.length) throw new TypeError('appendMany: each stream may appear once');
  for (const part of parts) assertAppendable(part.stream, part.events, part.expectedRevision);
}

/** A retry of an append to several streams found only some of its events stored: nothing is written. */
export class PartlyStoredError extends Error {
  constructor() {
    super('appendMany: some of these events are stored already and others are not; a retry must be the same append');
    this.name = 'PartlyStoredError';
  }
}

/**
 * Rejects an append no adapter may write: no events, an empty stream name, an expected revision
 * that is neither 'any' nor a whole number >= 0, or the same event id twice in one batch.
 */
export function assertAppendable(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): void {
  if (!stream) throw new TypeError('append: the stream name is empty');
  if (!Array.isArray(events) || events.length === 0) throw new TypeError(`append to ${stream}: no events`);
  if (expectedRevision !== 'any' && !(Number.isSafeInteger(expectedRevision) && expectedRevision >= 0)) {
    throw new TypeError(`append to ${stream}: bad expected revision ${String(expectedRevision)}`);
  }
  const ids = new Set(events.map((e) => e.id));
  if (ids.size !== events.length) throw new TypeError(`append to ${stream}: an event id occurs twice`);
}

/**
 * The one rule every adapter applies, inside its write transaction, once it knows the stream's
 * current revision and which of the given event ids it already stores (`stored`, any stream).
 * Returns the original result for an idempotent retry, null when the events should be written,
 * and throws ConflictError for a stale revision or ids that are only partly stored or stored in
 * another stream.
 */
export function checkAppend(
  stream: string,
  events: NewEvent[],
  expectedRevision: ExpectedRevision,
  currentRevision: number,
  stored: RecordedEvent[],
): AppendResult | null {
  const expected = expectedRevision === 'any' ? currentRevision : expectedRevision;
  if (stored.length > 0) {
    const all = stored.length === events.length && stored.every((e) => e.stream === stream);
    if (!all) throw new ConflictError(stream, expected, currentRevision);
    const inOrder = [...stored].sort((a, b) => a.revision - b.revision);
    const last = inOrder[inOrder.length - 1];
    return { position: last.position, revision: last.revision, events: inOrder };
  }
  if (expectedRevision !== 'any' && expectedRevision !== currentRevision) {
    throw new ConflictError(stream, expectedRevision, currentRevision);
  }
  return null;
}

/** Calls every listener with the position; one that throws is reported and does not stop the rest. */
export function notifyListeners(listeners: Iterable<(position: number) => void>, position: number): void {
  for (const listener of [...listeners]) {
    try {
      listener(position);
    } catch (error) {
      process.emitWarning(`event store listener failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * JSON.stringify writes a NUL as \u0000 and a lone surrogate as \udXXX (an escape preceded by an
 * odd number of backslashes); no read model can store either as text (PostgreSQL's jsonb refuses
 * both), so an event holding one would stop every projection for good.
 */
const unstorableEscape = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** Returns the JSON text of event data or metadata, refusing text no store can keep. */
export function storableJson(stream: string, value: unknown): string {
  const json = JSON.stringify(value);
  if (unstorableEscape.test(json)) throw new TypeError(`append to ${stream}: text with a NUL character or a lone surrogate cannot be stored`);
  return json;
}
