import { v7 as uuidv7 } from 'uuid';
import type { DomainEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { currentSchemaVersion } from '@pagelog/contracts/events/registry';
import { ConflictError, StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { EventStore, ExpectedRevision } from '@pagelog/storage/event-store/event-store';
import type { CommandContext } from './command-context';
import type { Evolver } from './decider';

export interface HandleResult<E extends DomainEvent> {
  /** Global position of the last event written (or of the stream's last event when none was). */
  position: number;
  /** The stream's revision afterwards. */
  revision: number;
  events: E[];
}

export interface HandleOptions<S> {
  /**
   * What a 409 tells the caller when the revision they based their command on is stale: the
   * fields that clash and the current state, so a client can show both (never internal or sealed
   * state). Without it the 409 carries `conflicts: ['revision']` and no `current`.
   */
  describeConflict?: (state: S, revision: number) => { conflicts: string[]; current: unknown };
}

export type Handle = <S, E extends DomainEvent>(
  stream: string,
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
    stream: string,
    expectedRevision: ExpectedRevision,
    evolver: Evolver<S, E>,
    decide: (state: S, revision: number, history: readonly E[]) => E[],
    context: CommandContext,
    options: HandleOptions<S> = {},
  ): Promise<HandleResult<E>> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const recorded = await store.readStream(stream);
      const history = recorded as unknown as E[];
      const revision = recorded.length === 0 ? 0 : recorded[recorded.length - 1]!.revision;
      const state = history.reduce((s, e) => evolver.evolve(s, e), evolver.initialState);
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
          events.map((e) => ({
            id: uuidv7(),
            type: e.type,
            data: e.data,
            metadata: {
              actorId: context.actorId,
              correlationId: context.correlationId,
              causationId: context.causationId,
              occurredAt: context.now,
              schemaVersion: currentSchemaVersion(e.type),
            },
          })),
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
