import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { ClaimFenced } from '@pagelog/contracts/events/claim-events';
import type { DomainEvent } from '@pagelog/contracts/events/event';
import type { Evolver, Stream } from '@pagelog/contracts/events/event';
import { assertNever, type Decider } from '../decider';

/**
 * A claim makes something unique (a slug in a locale, a locale in a translation group, an e-mail
 * address; next, media paths, tag names, menu keys): it lives on a stream of its own, and its
 * owner is whoever claimed it last, unless they released it since. The owner is a stream too (a
 * page, a user), written after the claim by the same command.
 */
export interface ClaimState {
  owner: string | null;
  released: boolean;
  /** The revision of the claim event that made the owner the owner (what a fence names). */
  claimRevision: number;
  /** When that claim was made (its command's time). */
  claimedAt: string | null;
}

/** The event names of one kind of claim, and the field of their data that names the owner. */
export interface ClaimEventNames {
  claimed: string;
  released: string;
  ownerField: string;
}

/** What a kind of claim is to its decider: its stream, its events, and what a refusal names. */
export interface ClaimDefinition {
  /** The claim's own stream. */
  stream: Stream<ClaimEvent>;
  names: ClaimEventNames;
  /** The claim's event data for an owner. */
  data: (owner: string) => Record<string, unknown>;
  /** What a refusal names (V_06): `slug` of `page`, `email` of `user`. */
  property: string;
  model: string;
}

export type ClaimEvent = DomainEvent<string, Record<string, unknown>>;

interface RecordedClaimEvent extends ClaimEvent {
  revision?: number;
  metadata?: { occurredAt?: string };
}

function claimEvolver(names: ClaimEventNames): Evolver<ClaimState, ClaimEvent> {
  return {
    initialState: { owner: null, released: false, claimRevision: 0, claimedAt: null },
    evolve(state, event) {
      const owner = String(event.data[names.ownerField]);
      const recorded = event as RecordedClaimEvent;
      if (event.type === names.claimed) return { owner, released: false, claimRevision: recorded.revision ?? 0, claimedAt: recorded.metadata?.occurredAt ?? null };
      if (event.type === names.released && owner === state.owner) return { ...state, released: true };
      return state;
    },
  };
}

/**
 * A claim whose owner does not use it (its create failed or died before the page or user was
 * written; a move or an address change was left half done, or done and its release lost) is
 * taken over once it is this old: its command has long given up by then. A takeover fences the
 * owner off first (ClaimFenced), so the owner cannot come to use it afterwards however slow it
 * was: the time only decides when it is polite to take over, never whether two can hold it.
 */
export const ABANDONED_CLAIM_MS = 30_000;

/** What the current owner's own stream says about the claim. */
export interface OwnerFacts {
  /** Its stream's revision: 0 when it was never written. */
  revision: number;
  /** Whether it exists and uses the claim now. */
  holds: boolean;
  /** It can never use the claim again: deleted, or fenced off from this claim already. */
  gone: boolean;
}

export interface ClaimFacts {
  /** Who claims now. */
  requester: string;
  /** The current owner's stream, when the claim has an owner that has not released it. */
  owner: OwnerFacts | null;
  now: string;
}

/**
 * Claim: nothing to write when the requester uses it already; the claim event when it is free,
 * released, its owner gone, or the requester's own not in use; V_06 when another owner holds it
 * or may still come to; FenceOwnerFirst when its owner has abandoned it.
 * Release: gives the claim up, if `owner` has it: the claim event `claimRevision` when given (a
 * command gives back what it claimed itself, not a newer claim of a retry), else whichever it has.
 */
export type ClaimCommand = { type: 'Claim'; data: ClaimFacts } | { type: 'Release'; data: { owner: string; claimRevision?: number } };

/**
 * Not a refusal: the claim's owner has abandoned it, so the requester takes it over once `fence`
 * is in the owner's stream (written at the owner's revision as read, see ClaimFenced), and then
 * decides again. The claims module writes it; it never reaches a client.
 */
export class FenceOwnerFirst extends Error {
  constructor(
    readonly owner: string,
    readonly fence: ClaimFenced,
  ) {
    super(`claim ${fence.data.claimStream}@${fence.data.claimRevision}: fence off its owner ${owner} first`);
    this.name = 'FenceOwnerFirst';
  }
}

export function claimDecider(kind: ClaimDefinition): Decider<ClaimCommand, ClaimEvent, ClaimState> {
  return {
    ...claimEvolver(kind.names),
    decide(command, state) {
      switch (command.type) {
        case 'Claim':
          return decideClaim(kind, command.data, state);
        case 'Release': {
          const { owner, claimRevision } = command.data;
          if (state.owner !== owner || state.released) return [];
          return claimRevision === undefined || state.claimRevision === claimRevision ? [{ type: kind.names.released, data: kind.data(owner) }] : [];
        }
        default:
          return assertNever(command);
      }
    },
  };
}

function decideClaim(kind: ClaimDefinition, { requester, owner, now }: ClaimFacts, state: ClaimState): ClaimEvent[] {
  const claim: ClaimEvent[] = [{ type: kind.names.claimed, data: kind.data(requester) }];
  if (state.owner === null || state.released) return claim;
  // Its own claim, in use: nothing to do (a retry of a command that did its work). Its own claim,
  // not in use: claimed afresh, so that a give-back of the earlier claim (by the attempt that
  // failed, running late) names another claim event and leaves this one alone.
  if (state.owner === requester) return owner?.holds && !owner.gone ? [] : claim;
  if (owner === null || owner.gone) return claim;
  if (owner.holds) throw ValidationError.of('V_06', kind.property, kind.model);
  const age = state.claimedAt === null ? Infinity : Date.parse(now) - Date.parse(state.claimedAt);
  if (age > ABANDONED_CLAIM_MS) {
    throw new FenceOwnerFirst(state.owner, { type: 'ClaimFenced', data: { claimStream: kind.stream, claimRevision: state.claimRevision, takenBy: requester } });
  }
  // Its command may still be at work: a create about to write its page, a move its new slug.
  throw ValidationError.of('V_06', kind.property, kind.model);
}
