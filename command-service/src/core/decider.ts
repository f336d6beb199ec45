import type { DomainEvent, Evolver } from '@pagelog/contracts/events/event';

/**
 * A stream's rules: its state, how events change it, and what a command comes to on it (events,
 * or a typed domain error). Pure: time, actor and new ids arrive in the command. Every decider
 * has this shape, and every decider spec drives one through `deciderSpec` (core/decider-spec).
 */
export interface Decider<C, E extends DomainEvent, S> extends Evolver<S, E> {
  decide(command: C, state: S): E[];
}

/** Fails the compile when a union of commands or events gains a member nobody handles. */
export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
