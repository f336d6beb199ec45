import {
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  jsonEvent,
  streamNameFilter,
  type AllStreamSubscription,
  type AppendStreamState,
  type Filter,
  type JSONType,
  type KurrentDBClient,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { ConflictError, StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import {
  assertAppendable,
  assertAppendableParts,
  checkAppend,
  PartlyStoredError,
  type StreamAppend,
  notifyListeners,
  storableJson,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
} from './event-store';

export interface KurrentDbEventStoreOptions {
  /** The caller owns the client: close() leaves it connected. */
  client: KurrentDBClient;
  /**
   * Put in front of every stream name this store writes, and the only streams its global log
   * shows. Default '' (every non-system stream of the database belongs to this store).
   */
  streamPrefix?: string;
}

/** The one property that carries an event's metadata in a multi-stream append. */
const METADATA_PROPERTY = 'pagelog-metadata';

/** How often an append to a stream that others are appending to at the same moment is retried. */
const maxAppendAttempts = 8;
const firstResubscribeMs = 250;
const maxResubscribeMs = 10_000;

/**
 * Event store on KurrentDB (formerly EventStoreDB), through the official gRPC client.
 *
 * Streams: ours are KurrentDB streams named `<prefix><stream>`. Revisions are converted between our
 * 1-based numbering (empty stream = 0) and KurrentDB's 0-based one (empty stream = NO_STREAM).
 *
 * Positions: KurrentDB has no dense 1..N numbering of $all; making one would need a sequencer
 * (a server-side projection or a second, serialised write per append). This adapter instead uses
 * the event's commit position in the transaction log as its global position. For the appends this
 * client makes (one implicit transaction per append) each event gets its own log position, so the
 * position is unique per event and strictly increasing in commit order, and KurrentDB only serves
 * $all up to what is committed and indexed, so a reader never meets a lower position later. It is
 * NOT gapless (byte offsets in the log, shared with other prefixes and system events): callers only
 * compare positions and pass them back as `after`, never count with them. Log offsets stay below
 * 2^53, so a JS number holds them exactly.
 *
 * Idempotency: KurrentDB only recognises a retried event id at the revision it was first written
 * to (and, for 'any', within a cache window). Our rule is wider (every id stored anywhere in the
 * stream means a retry), so an append first reads the target stream and applies `checkAppend`.
 * There is no index of event ids across streams: an id already stored in ANOTHER stream is not
 * detected here (the SQL adapters reject it).
 */
export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly prefix: string;
  private readonly filter: Filter;

  private readonly listeners = new Set<(position: number) => void>();
  private notified = 0;
  private subscription: AllStreamSubscription | undefined;
  private resubscribeTimer: NodeJS.Timeout | undefined;
  private resubscribeMs = firstResubscribeMs;

  constructor(options: KurrentDbEventStoreOptions) {
    const prefix = options.streamPrefix ?? '';
    if (prefix.startsWith('$')) throw new TypeError(`stream prefix must not start with $ (system streams): ${prefix}`);
    this.client = options.client;
    this.prefix = prefix;
    this.filter = logFilter(prefix);
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendable(stream, events, expectedRevision);
    // The same rule as the other adapters: text no read model can store never enters the log.
    for (const e of events) {
      storableJson(stream, e.data);
      storableJson(stream, e.metadata);
    }
    const name = this.prefix + stream;
    if (name.startsWith('$')) throw new TypeError(`append to ${stream}: stream names starting with $ are KurrentDB system streams`);
    const proposed = events.map((e) => jsonEvent({
      id: e.id,
      type: e.type,
      data: e.data as JSONType,
      metadata: { ...e.metadata },
    }));

    for (let attempt = 1; ; attempt++) {
      const stored = await guard(() => this.readEvents(name, {}));
      const current = stored.length === 0 ? 0 : stored[stored.length - 1].revision;
      const ids = new Set(events.map((e) => e.id));
      const retry = checkAppend(stream, events, expectedRevision, current, stored.filter((e) => ids.has(e.id)));
      if (retry) return retry;

      // The check above saw `current`; the server refuses the write if the stream moved since.
      const written = await guard(async () => {
        try {
          const result = await this.client.appendToStream(name, proposed, { streamState: toStreamState(current) });
          return result.success;
        } catch (error) {
          if (isWrongExpectedVersion(error)) return false;
          throw error;
        }
      });

      if (written) {
        // Read the batch back for its log positions. When the server took this as a retry of the
        // same ids at the same revision (two identical appends racing), these are the first ones.
        const batch = await guard(() => this.readEvents(name, { from: current + 1, limit: events.length }));
        if (batch.length === events.length && batch.every((e, i) => e.id === events[i].id)) {
          const last = batch[batch.length - 1];
          this.announce(last.position);
          return { position: last.position, revision: last.revision, events: batch };
        }
      }
      // Someone else appended in between: look again. With an explicit expected revision the next
      // pass ends in the original result (our ids are there now) or a ConflictError.
      if (attempt >= maxAppendAttempts) {
        const now = await this.streamRevision(stream);
        throw new ConflictError(stream, expectedRevision === 'any' ? current : expectedRevision, now);
      }
    }
  }

  /**
   * All parts in one of KurrentDB's multi-stream appends (server 25.1 or later), which commits
   * every part or none and refuses them all when any part's expected revision is stale. Our
   * retry rule is applied first, per part, as `append` applies it. The v2 protocol carries
   * metadata as string properties only, so ours travels whole, as JSON, in one property
   * (`metadataOf` reads both forms). Written against the client's types and source (1.3.x);
   * NOT run against a server here: run the contract suite with KURRENTDB_URL set.
   */
  async appendMany(parts: StreamAppend[]): Promise<AppendResult[]> {
    assertAppendableParts(parts);
    const named = parts.map((part) => {
      for (const e of part.events) {
        storableJson(part.stream, e.data);
        storableJson(part.stream, e.metadata);
      }
      const name = this.prefix + part.stream;
      if (name.startsWith('$')) throw new TypeError(`append to ${part.stream}: stream names starting with $ are KurrentDB system streams`);
      return { ...part, name };
    });
    for (let attempt = 1; ; attempt++) {
      const seen = await Promise.all(named.map(async (part) => {
        const stored = await guard(() => this.readEvents(part.name, {}));
        const current = stored.length === 0 ? 0 : stored[stored.length - 1].revision;
        const ids = new Set(part.events.map((e) => e.id));
        return { current, retry: checkAppend(part.stream, part.events, part.expectedRevision, current, stored.filter((e) => ids.has(e.id))) };
      }));
      const retries = seen.filter((s) => s.retry).length;
      if (retries === seen.length) return seen.map((s) => s.retry!);
      if (retries > 0) throw new PartlyStoredError();

      const written = await guard(async () => {
        try {
          await this.client.multiStreamAppend(named.map((part, i) => ({
            streamName: part.name,
            expectedState: toStreamState(seen[i]!.current),
            events: part.events.map((e) => jsonEvent({
              id: e.id,
              type: e.type,
              data: e.data as JSONType,
              metadata: { [METADATA_PROPERTY]: JSON.stringify(e.metadata) },
            })),
          })));
          return true;
        } catch (error) {
          if (isWrongExpectedVersion(error) || /wrong.?expected/i.test(String((error as Error)?.message ?? ''))) return false;
          throw error;
        }
      });
      if (written) {
        const results = await Promise.all(named.map(async (part, i): Promise<AppendResult> => {
          const batch = await guard(() => this.readEvents(part.name, { from: seen[i]!.current + 1, limit: part.events.length }));
          if (batch.length !== part.events.length || !batch.every((e, n) => e.id === part.events[n]!.id)) {
            throw new Error(`appendMany: the events written to ${part.stream} did not read back`);
          }
          const last = batch[batch.length - 1]!;
          return { position: last.position, revision: last.revision, events: batch };
        }));
        this.announce(Math.max(...results.map((r) => r.position)));
        return results;
      }
      // A stream moved between the check and the write: look again (a stale explicit revision
      // ends in a ConflictError from checkAppend on the next pass).
      if (attempt >= maxAppendAttempts) {
        const part = named[0]!;
        throw new ConflictError(part.stream, part.expectedRevision === 'any' ? seen[0]!.current : part.expectedRevision, await this.streamRevision(part.stream));
      }
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events = await guard(() => this.readEvents(this.prefix + stream, {
      from: options.fromRevision,
      limit: options.limit,
      backwards: options.direction === 'backwards',
    }));
    return events;
  }

  async streamRevision(stream: string): Promise<number> {
    const [last] = await guard(() => this.readEvents(this.prefix + stream, { backwards: true, limit: 1 }));
    return last?.revision ?? 0;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0;
    const limit = options.limit ?? 500;
    if (limit <= 0) return [];
    return guard(async () => {
      const events: RecordedEvent[] = [];
      // The read starts AT `after` (inclusive), so ask for one more and drop that event.
      for await (const resolved of this.client.readAll({
        fromPosition: readPositionAfter(after),
        direction: FORWARDS,
        maxCount: limit + 1,
        filter: this.filter,
      })) {
        const event = resolved.event;
        if (!event) continue;
        const recorded = this.toRecorded(event);
        if (recorded.position <= after) continue;
        events.push(recorded);
        if (events.length >= limit) break;
      }
      return events;
    });
  }

  async headPosition(): Promise<number> {
    return guard(async () => {
      for await (const resolved of this.client.readAll({
        fromPosition: END,
        direction: BACKWARDS,
        maxCount: 1,
        filter: this.filter,
      })) {
        if (resolved.event) return toPosition(resolved.event.position);
      }
      return 0;
    });
  }

  subscribe(listener: (position: number) => void): () => void {
    this.listeners.add(listener);
    if (!this.subscription && !this.resubscribeTimer) this.openSubscription();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopSubscription();
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.stopSubscription();
  }

  /**
   * A stream's events by our 1-based revisions, as stored (not upcast). `from` is inclusive;
   * an unknown stream reads as empty.
   */
  private async readEvents(
    name: string,
    options: { from?: number; limit?: number; backwards?: boolean },
  ): Promise<RecordedEvent[]> {
    if (options.limit !== undefined && options.limit <= 0) return [];
    const backwards = options.backwards ?? false;
    let fromRevision: bigint | typeof START | typeof END;
    if (options.from === undefined) fromRevision = backwards ? END : START;
    else if (options.from < 1) {
      if (backwards) return [];
      fromRevision = START;
    } else fromRevision = toKurrentRevision(options.from);

    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(name, {
        fromRevision,
        direction: backwards ? BACKWARDS : FORWARDS,
        ...(options.limit !== undefined ? { maxCount: options.limit } : {}),
      })) {
        if (resolved.event) events.push(this.toRecorded(resolved.event));
      }
    } catch (error) {
      if (errorType(error) === 'stream-not-found') return [];
      throw error;
    }
    return events;
  }

  private toRecorded(event: KurrentRecordedEvent): RecordedEvent {
    if (!event.position) {
      throw new Error('KurrentDB returned an event without its log position (server 22.6 or later is needed)');
    }
    if (!event.isJson) throw new Error(`event ${event.id} in ${event.streamId} is not JSON`);
    return {
      id: event.id,
      stream: event.streamId.slice(this.prefix.length),
      revision: fromKurrentRevision(event.revision),
      position: toPosition(event.position),
      type: event.type,
      data: event.data,
      metadata: metadataOf(event.metadata, event.id),
    };
  }

  /** Tells listeners about our own append at once; the $all subscription covers everyone else's. */
  private announce(position: number): void {
    if (this.listeners.size === 0) return;
    setImmediate(() => this.notify(position));
  }

  private notify(position: number, always = false): void {
    if (!always && position <= this.notified) return;
    this.notified = Math.max(this.notified, position);
    notifyListeners(this.listeners, position);
  }

  private openSubscription(): void {
    this.resubscribeTimer = undefined;
    if (this.listeners.size === 0) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: this.filter });
    this.subscription = subscription;
    subscription.on('data', (resolved) => {
      if (resolved.event?.position) this.notify(toPosition(resolved.event.position));
    });
    subscription.on('confirmation', () => {
      if (this.subscription !== subscription) return;
      this.resubscribeMs = firstResubscribeMs;
      // Appends committed while no subscription was live sent nothing: say where the log is now.
      this.headPosition().then((head) => this.notify(head, true), () => {});
    });
    subscription.on('error', () => this.subscriptionDropped(subscription));
    subscription.on('end', () => this.subscriptionDropped(subscription));
    subscription.on('close', () => this.subscriptionDropped(subscription));
  }

  private subscriptionDropped(subscription: AllStreamSubscription): void {
    if (this.subscription !== subscription) return;
    this.subscription = undefined;
    subscription.unsubscribe().catch(() => {});
    if (this.listeners.size === 0 || this.resubscribeTimer) return;
    this.resubscribeTimer = setTimeout(() => this.openSubscription(), this.resubscribeMs);
    this.resubscribeTimer.unref();
    this.resubscribeMs = Math.min(this.resubscribeMs * 2, maxResubscribeMs);
  }

  private stopSubscription(): void {
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    subscription?.unsubscribe().catch(() => {});
  }
}

/** Our revision after which to write (0 = empty stream) as KurrentDB's expected stream state. */
export function toStreamState(revision: number): AppendStreamState {
  return revision === 0 ? NO_STREAM : BigInt(revision - 1);
}

/** Our 1-based revision as KurrentDB's 0-based one. */
export function toKurrentRevision(revision: number): bigint {
  return BigInt(revision - 1);
}

/** KurrentDB's 0-based revision as ours (1-based). */
export function fromKurrentRevision(revision: bigint): number {
  return Number(revision) + 1;
}

/** The global position of an event: its commit position in the transaction log. */
export function toPosition(position: Position): number {
  const value = Number(position.commit);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`log position ${position.commit} is beyond 2^53`);
  return value;
}

/** Where a forward read of $all must start to see the events after `after` (the read is inclusive). */
export function readPositionAfter(after: number): ReadPosition {
  if (after <= 0) return START;
  const at = BigInt(after);
  return { commit: at, prepare: at };
}

/** The $all filter for one store: its own prefix, or, without one, every non-system stream. */
export function logFilter(prefix: string): Filter {
  return prefix === '' ? streamNameFilter({ regex: '^[^$]' }) : streamNameFilter({ prefixes: [prefix] });
}

/** True when a client error means "KurrentDB cannot be reached now", not "the request is wrong". */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const type = errorType(error);
  if (type && ['unavailable', 'deadline-exceeded', 'timeout', 'not-leader', 'cancelled'].includes(type)) return true;
  // Before a channel exists the client rejects with the raw gRPC error (14 UNAVAILABLE, 4 DEADLINE_EXCEEDED).
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 14 || code === 4) return true;
  return typeof message === 'string' && /Failed to discover after \d+ attempts/.test(message);
}

function isWrongExpectedVersion(error: unknown): boolean {
  return errorType(error) === 'wrong-expected-version';
}

function errorType(error: unknown): string | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}


/** An event's metadata as Pagelog wrote it; anything else in the stream is refused, not cast. */
function metadataOf(value: unknown, eventId: string): EventMetadata {
  let m = (value ?? {}) as Partial<Record<keyof EventMetadata, unknown>>;
  // Written by appendMany (the v2 protocol's string properties): ours whole, as JSON, in one.
  const packed = (value as Record<string, unknown> | null)?.[METADATA_PROPERTY];
  if (typeof packed === 'string') m = JSON.parse(packed) as typeof m;
  const text = (key: keyof EventMetadata) => (typeof m[key] === 'string' ? (m[key] as string) : null);
  const actorId = text('actorId');
  const correlationId = text('correlationId');
  const causationId = text('causationId');
  const occurredAt = text('occurredAt');
  const schemaVersion = typeof m.schemaVersion === 'number' ? m.schemaVersion : 1;
  if (actorId === null || correlationId === null || causationId === null || occurredAt === null) {
    throw new Error(`event ${eventId} has no Pagelog metadata (actorId, correlationId, causationId, occurredAt)`);
  }
  return { actorId, correlationId, causationId, occurredAt, schemaVersion };
}
