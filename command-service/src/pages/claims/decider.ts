import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { DomainEvent } from '@pagelog/contracts/events/event';
import type { Evolver } from '../../core/decider';

/**
 * A claim stream makes something unique: a slug in a locale, a locale in a translation group.
 * Its owner is the page that claimed it last, unless that page released it since.
 */
export interface ClaimState {
  ownerPageId: string | null;
  released: boolean;
}

export interface ClaimEventNames {
  claimed: string;
  released: string;
}

export function claimEvolver(names: ClaimEventNames): Evolver<ClaimState, DomainEvent<string, { pageId: string }>> {
  return {
    initialState: { ownerPageId: null, released: false },
    evolve(state, event) {
      if (event.type === names.claimed) return { ownerPageId: event.data.pageId, released: false };
      if (event.type === names.released && event.data.pageId === state.ownerPageId) return { ...state, released: true };
      return state;
    },
  };
}

/**
 * How long a command may take from claiming to writing the page that uses the claim: after this
 * it gives up (503) instead of writing, so a claim older than ABANDONED_CLAIM_MS can no longer
 * come into use.
 */
export const CLAIM_USE_DEADLINE_MS = 20_000;

/**
 * A claim whose page never appeared or never used it (the command failed, the database went away,
 * the process died between claiming and writing the page) is free after this long: its command
 * has given up by then (CLAIM_USE_DEADLINE_MS, plus the time one append may take). Until then the
 * claimer may still be at work. A failed command releases its claims at once where it can.
 */
export const ABANDONED_CLAIM_MS = 30_000;

export interface ClaimFacts {
  pageId: string;
  /** Whether the current owner's page exists, is not deleted, and uses the claim (looked up by the caller). */
  ownerHolds: boolean;
  /** When the current owner claimed it (from the claim event's metadata). */
  ownerClaimedAt: string | null;
  now: string;
  /** The property a refusal names (V_06), e.g. `slug` or `newLocale`. */
  property: string;
}

/** Claims for `pageId`; V_06 naming the property when another page holds it. */
export function decideClaim<D extends { pageId: string }>(state: ClaimState, facts: ClaimFacts, claimed: DomainEvent<string, D>): DomainEvent<string, D>[] {
  if (state.ownerPageId === facts.pageId && !state.released) return [];
  if (state.ownerPageId !== null && state.ownerPageId !== facts.pageId && !state.released) {
    const abandoned =
      !facts.ownerHolds && facts.ownerClaimedAt !== null && Date.parse(facts.now) - Date.parse(facts.ownerClaimedAt) > ABANDONED_CLAIM_MS;
    if (facts.ownerHolds || !abandoned) throw ValidationError.of('V_06', facts.property, 'page');
  }
  return [claimed];
}

/** Gives the claim up, if `pageId` holds it. */
export function decideRelease<D extends { pageId: string }>(state: ClaimState, pageId: string, released: DomainEvent<string, D>): DomainEvent<string, D>[] {
  return state.ownerPageId === pageId && !state.released ? [released] : [];
}
