import { v7 as uuidv7 } from 'uuid';
import type { DomainEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { currentSchemaVersion } from '@pagelog/contracts/events/registry';
import { ConflictError } from '@pagelog/contracts/domain-errors';
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

export type Handle = <S, E extends DomainEvent>(
  stream: string,
  expectedRevision: ExpectedRevision,
  evolver: Evolver<S, E>,
  decide: (state: S, revision: number, history: readonly E[]) => E[],
  context: CommandContext,
) => Promise<HandleResult<E>>;

/**
 * The one way commands change state: load the stream, fold it, check the revision the caller
 * based its command on, decide, and append with the loaded revision (so a concurrent writer
 * turns into a ConflictError rather than a lost update). With 'any', a concurrent write is not
 * the caller's concern, so the command is decided again on the fresh state (a few times).
 */
export function createHandle(store: EventStore): Handle {
  return async function handle<S, E extends DomainEvent>(
    stream: string,
    expectedRevision: ExpectedRevision,
    evolver: Evolver<S, E>,
    decide: (state: S, revision: number, history: readonly E[]) => E[],
    context: CommandContext,
  ): Promise<HandleResult<E>> {
    for (let attempt = 1; ; attempt++) {
      const recorded = await store.readStream(stream);
      const history = recorded as unknown as E[];
      const revision = recorded.length === 0 ? 0 : recorded[recorded.length - 1]!.revision;
      const state = history.reduce((s, e) => evolver.evolve(s, e), evolver.initialState);
      if (expectedRevision !== 'any' && expectedRevision !== revision) {
        // A stream that does not exist is the decider's to report (404), not a stale revision.
        if (revision === 0) decide(state, revision, history);
        throw new ConflictError(stream, expectedRevision, revision);
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
        if (error instanceof ConflictError && expectedRevision === 'any' && attempt < 5) continue;
        throw error;
      }
    }
  };
}
