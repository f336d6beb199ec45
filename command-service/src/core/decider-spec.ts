import { expect } from 'chai';
import { DomainError } from '@pagelog/contracts/domain-errors';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { DomainEvent } from '@pagelog/contracts/events/event';
import type { Decider } from './decider';

/**
 * The one helper every decider spec is written with (house style, "Writing a change to the
 * domain"):
 *
 *   const page = deciderSpec(authoringDecider);
 *   page.given(created()).when(deletePage).then([deleted()]);
 *   page.given(created(), deleted()).when(deletePage).thenFails(NotFoundError, [{ code: 'PM_01', property: 'id', model: 'page' }]);
 *
 * `given` folds the events with the decider's own evolve (its `state` is there for the few specs
 * that look at it); `when` decides nothing until a `then…` asks, so a refusal reaches `thenFails`.
 */
export function deciderSpec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(...events: E[]) {
      const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
      return { state, when: (command: C) => outcome(() => decider.decide(command, state)) };
    },
  };
}

/** A catalogue item as a spec names it (its message follows from the code). */
export type ExpectedItem = Pick<ErrorItem, 'code' | 'property' | 'model'>;

function outcome<E extends DomainEvent>(decide: () => E[]) {
  return {
    /** Decides exactly these events, in this order; answers them, to fold further. */
    then(expected: readonly E[]): E[] {
      // An object with a `then` is awaited as a promise: returning a bare `when(…)` from a test must not pass.
      if (typeof expected === 'function') throw new TypeError('a decider spec is not a promise: call then(expectedEvents)');
      const events = decide();
      expect(events).to.deep.equal(expected);
      return events;
    },
    /** Decides events of exactly these types, in this order; answers them for closer checks. */
    thenTypes(...types: E['type'][]): E[] {
      const events = decide();
      expect(events.map((e) => e.type)).to.deep.equal(types);
      return events;
    },
    /** Decides that there is nothing to record. */
    thenNothing(): void {
      expect(decide()).to.deep.equal([]);
    },
    /** Refuses with `type` (and exactly these catalogue items, in any order, when given); answers the error. */
    thenFails<T extends Error>(type: abstract new (...args: never[]) => T, items?: readonly ExpectedItem[]): T {
      return assertFails(decide, type, items);
    },
  };
}

/** `run` throws `type`, with exactly `items` (any order) when given; answers the error. For rules outside a decider too. */
export function assertFails<T extends Error>(run: () => unknown, type: abstract new (...args: never[]) => T, items?: readonly ExpectedItem[]): T {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    if (items) {
      expect(error).to.be.instanceOf(DomainError);
      const named = (list: readonly ExpectedItem[]) => list.map(({ code, property, model }) => ({ code, property, model }));
      expect(named((error as DomainError).items)).to.have.deep.members(named(items));
    }
    return error as T;
  }
  return expect.fail(`expected ${type.name}, but it came to ${JSON.stringify(result)}`);
}
