import { v7 as uuidv7 } from 'uuid';
import type { DomainEvent, NewEvent, RecordedEvent, Stream } from '@pagelog/contracts/events/event';
import { fold, readStreamOf, type StoredEvent } from '@pagelog/storage/event-store/load-stream';
import { currentSchemaVersion } from '@pagelog/contracts/events/registry';
import { ConflictError, StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { EventStore, ExpectedRevision } from '@pagelog/storage/event-store/event-store';
import type { CommandContext } from './command-context';
import type { Evolver } from '@pagelog/contracts/events/event';

export interface HandleResult<E extends DomainEvent> {
  /** Global position of the last event written (or of the stream's last event when none was). */
  position: number;
  /** The stream's revision afterwards. */
  revision: number;
  events: E[];
  /**
   * True when an earlier attempt of the same keyed command made this write: its result is answered
   * again (position, revision and events as stored) and nothing was decided or written now.
   */
  replayed?: boolean;
}

export interface HandleOptions<S> {
  /**
   * What a 409 tells the caller when the revision they based their command on is stale: the
   * fields that clash and the current state, so a client can show both (never internal or sealed
   * state). Without it the 409 carries `conflicts: ['revision']` and no `current`.
   */
  describeConflict?: (state: S, revision: number) => { conflicts: string[]; current: unknown };
  /**
   * For a write that later steps rely on still holding (a claim): when a retry of a keyed command
   * finds it made by an earlier attempt, it is decided again on the stream as it is now (its
   * decider answers [] while it still holds) instead of being answered as it was. An earlier
   * attempt may have given it back since, or another page taken it over.
   */
  decideAgain?: boolean;
}

export type Handle = <S, E extends DomainEvent>(
  stream: Stream<E>,
  expectedRevision: ExpectedRevision,
  evolver: Evolver<S, E>,
  decide: (state: S, revision: number, history: readonly E[]) => E[],
  context: CommandContext,
  options?: HandleOptions<S>,
) => Promise<HandleResult<E>>;

/** How long a command keeps deciding again when other writers keep getting in first. */
const CONTENTION_DEADLINE_MS = 10_000;

/**
 * The one way commands change state: load the stream, fold it, check the revision the caller
 * based its command on, decide, and append with the loaded revision (so a concurrent writer
 * turns into a ConflictError rather than a lost update). With 'any', a concurrent write is not
 * the caller's concern: the command is decided again on the fresh state, after a short random
 * pause, for as long as others keep getting in first (each lost race means another writer made
 * progress). Only a decider's own clash, or a stale revision the caller gave, is a 409.
 */
export function createHandle(store: EventStore, sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): Handle {
  return async function handle<S, E extends DomainEvent>(
    stream: Stream<E>,
    expectedRevision: ExpectedRevision,
    evolver: Evolver<S, E>,
    decide: (state: S, revision: number, history: readonly E[]) => E[],
    context: CommandContext,
    options: HandleOptions<S> = {},
  ): Promise<HandleResult<E>> {
    const started = Date.now();
    // With an Idempotency-Key this call is a named write of the command (its nth to this stream),
    // with event ids made from the key: the same write of a retry has the same ids.
    const write = context.writes?.nextWrite(stream);
    for (let attempt = 1; ; attempt++) {
      const recorded = await readStreamOf(store, stream);
      const history: readonly E[] = recorded;
      const revision = recorded.length === 0 ? 0 : recorded[recorded.length - 1]!.revision;
      const state = history.reduce((s, e) => evolver.evolve(s, e), evolver.initialState);
      const earlier = write?.findIn(recorded) ?? null;
      if (earlier && !options.decideAgain && sameWrite(evolver, decide, recorded.slice(0, earlier.at), earlier.events)) {
        // An earlier attempt made this write (its answer was lost, or it crashed before the key
        // recorded one): answer what it wrote, whatever others wrote since. Deciding again on the
        // stream as it is now could merge a delayed retry over a later save, or refuse a create
        // whose page now exists.
        const last = earlier.events[earlier.events.length - 1]!;
        return { position: last.position, revision: last.revision, events: earlier.events, replayed: true };
      }
      if (expectedRevision !== 'any' && expectedRevision !== revision) {
        // A stream that does not exist is the decider's to report (404), not a stale revision.
        if (revision === 0) decide(state, revision, history);
        const details = options.describeConflict?.(state, revision) ?? { conflicts: ['revision'] };
        throw new ConflictError(stream, expectedRevision, revision, details);
      }
      const events = decide(state, revision, history);
      if (events.length === 0) {
        const last = recorded[recorded.length - 1] as RecordedEvent | undefined;
        return { position: last?.position ?? 0, revision, events };
      }
      try {
        const result = await store.append(
          stream,
          // A write decided again goes in the round after the one found, with ids of its own.
          newEventsOf(events, context, write ? (i) => write.eventId(earlier ? earlier.round + 1 : 0, i) : undefined),
          revision,
        );
        return { position: result.position, revision: result.revision, events };
      } catch (error) {
        if (!(error instanceof ConflictError) || expectedRevision !== 'any') throw error;
        // Lost the race to another writer: decide again on what they wrote. The pause grows a
        // little and is random, so racing writers do not keep colliding in step.
        if (Date.now() - started > CONTENTION_DEADLINE_MS) throw new StoreUnavailableError(error);
        await sleep(Math.random() * Math.min(5 * attempt, 50));
      }
    }
  };
}

/** Decided events as the store takes them: ids (new ones, or `idOf`'s), the command's metadata. */
export function newEventsOf(events: readonly DomainEvent[], context: CommandContext, idOf: (index: number) => string = () => uuidv7()): NewEvent[] {
  return events.map((e, i) => ({
    id: idOf(i),
    type: e.type,
    data: e.data,
    metadata: {
      actorId: context.actorId,
      correlationId: context.correlationId,
      causationId: context.causationId,
      occurredAt: context.now,
      schemaVersion: currentSchemaVersion(e.type),
    },
  }));
}

/**
 * Whether the events an earlier attempt wrote are this write's: deciding on the stream as it was
 * before them gives events of the same types. (A command whose path depends on what its earlier
 * attempt wrote, such as a profile change that is no longer a change, may reach the same write
 * number with another write.) Deciding also sets whatever the caller's decide function notes
 * of the state, as it did the first time. A decider that refuses now (its facts moved on, such
 * as the time) cannot tell; the written events stand.
 */
function sameWrite<S, E extends DomainEvent>(
  evolver: Evolver<S, E>,
  decide: (state: S, revision: number, history: readonly E[]) => E[],
  history: readonly StoredEvent<E>[],
  written: readonly RecordedEvent[],
): boolean {
  const state = fold(evolver, history);
  try {
    const again = decide(state, history.length === 0 ? 0 : history[history.length - 1]!.revision, history);
    return again.length === written.length && again.every((e, i) => e.type === written[i]!.type);
  } catch {
    return true;
  }
}
