import type { DomainEvent } from '@pagelog/contracts/events/event';

/** How a stream's state is rebuilt from its events (the "evolve" half of a decider). */
export interface Evolver<S, E extends DomainEvent> {
  initialState: S;
  evolve(state: S, event: E): S;
}

/** Fails the compile when a union of commands or events gains a member nobody handles. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
