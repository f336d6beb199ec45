import { ConflictError, DomainError, ValidationError } from '@pagelog/contracts/domain-errors';
import { claimKey, type ClaimFenced } from '@pagelog/contracts/events/claim-events';
import type { DomainEvent, Evolver, Stream } from '@pagelog/contracts/events/event';
import { loadStream, readStreamOf, type StoredEvent } from '@pagelog/storage/event-store/load-stream';
import { isStoreTrouble } from '@pagelog/storage/store-errors';
import type { CommandContext } from '../command-context';
import type { CommandDeps } from '../command-deps';
import { ABANDONED_CLAIM_MS, claimDecider, FenceOwnerFirst, type ClaimCommand, type ClaimDefinition, type ClaimState, type OwnerFacts } from './claim-decider';
import { keepTrying } from '../keep-trying';

/**
 * The one way a command makes something unique (spec: slugs per locale, a locale per translation
 * group, e-mail addresses; next media paths, tag names, menu keys). A claim lives on a stream of
 * its own; the command claims first and then writes its owner (the page, the user) naming the
 * claim it holds. Two concurrent claims cannot both win, a claim whose owner never came to use it
 * is taken over after ABANDONED_CLAIM_MS, and a takeover fences the old owner off first, so no
 * claim ever ends up used by two owners, however slow or interrupted their commands were.
 */
export interface ClaimKind<O extends DomainEvent = DomainEvent> extends ClaimDefinition {
  /** The owner's stream (a page's, a user's): where a takeover writes its ClaimFenced. */
  ownerStream: (owner: string) => Stream<O>;
  /** Folds the owner's stream: whether it uses this claim now, and whether it was deleted. */
  ownerState: (events: readonly StoredEvent<O>[]) => { holds: boolean; deleted: boolean; fences: readonly string[] };
}

/** The claim an owner holds, as its write names it: a fence on exactly this claim refuses that write. */
export interface HeldClaim {
  stream: string;
  revision: number;
  /** claimKey(stream, revision), as the owner's state lists fences. */
  key: string;
}

/** How often a claim is decided again when its stream or its owner's moved meanwhile. */
const ATTEMPTS = 5;

/** A fence needs nothing of its owner's state: it is written at the owner's revision as read. */
const fenceEvolver: Evolver<null, DomainEvent> = { initialState: null, evolve: () => null };

async function readClaim<O extends DomainEvent>(deps: CommandDeps, kind: ClaimKind<O>): Promise<{ state: ClaimState; revision: number; owner: OwnerFacts | null }> {
  const { state, revision } = await loadStream(deps.store, kind.stream, claimDecider(kind));
  if (state.owner === null || state.released) return { state, revision, owner: null };
  const ownerEvents = await readStreamOf(deps.store, kind.ownerStream(state.owner));
  const owner = kind.ownerState(ownerEvents);
  return {
    state,
    revision,
    owner: {
      revision: ownerEvents.length === 0 ? 0 : ownerEvents[ownerEvents.length - 1]!.revision,
      holds: owner.holds,
      gone: owner.deleted || owner.fences.includes(claimKey(kind.stream, state.claimRevision)),
    },
  };
}

/**
 * Claims for `requester`, or V_06 when another owner holds it. Answers the claim held, which the
 * owner's write names (see assertNotFenced).
 */
export async function claim<O extends DomainEvent>(deps: CommandDeps, kind: ClaimKind<O>, requester: string, context: CommandContext): Promise<HeldClaim> {
  const decider = claimDecider(kind);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { state, revision, owner } = await readClaim(deps, kind);
    const command: ClaimCommand = { type: 'Claim', data: { requester, owner, now: context.now } };
    try {
      // Held already: nothing to write, and no write of a keyed command is spent on it.
      if (decider.decide(command, state).length === 0) return held(kind.stream, state.claimRevision);
      // decideAgain: a keyed retry claims again, as the claim may have changed hands since (see handle).
      const result = await deps.handle(kind.stream, revision, decider, (now) => decider.decide(command, now), context, { decideAgain: true });
      return held(kind.stream, result.events.length > 0 ? result.revision : state.claimRevision);
    } catch (error) {
      if (error instanceof FenceOwnerFirst) await fenceOff(deps, kind, error, owner!.revision, context);
      // Someone else wrote the claim or the owner meanwhile: decide again on what they wrote.
      else if (!(error instanceof ConflictError)) throw error;
    }
  }
  // Others keep claiming it: it is contended, and taken as far as this command can tell.
  throw ValidationError.of('V_06', kind.property, kind.model);
}

const held = (stream: string, revision: number): HeldClaim => ({ stream, revision, key: claimKey(stream, revision) });

/**
 * Fences the owner off the claim it abandoned, at the owner's revision as read: if it has written
 * since (it came to use the claim after all), nothing is written and the claim is decided again.
 */
async function fenceOff<O extends DomainEvent>(deps: CommandDeps, kind: ClaimKind<O>, abandoned: FenceOwnerFirst, ownerRevision: number, context: CommandContext): Promise<void> {
  try {
    await deps.handle<null, O | ClaimFenced>(kind.ownerStream(abandoned.owner), ownerRevision, fenceEvolver, () => [abandoned.fence], context, { decideAgain: true });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}

/**
 * Gives a claim up, unless its owner uses it after all: a command that failed with a timeout may
 * have written its owner, and a claim released under an owner that holds it would let a second
 * owner take the same slug or address. With `claimRevision`, only that claim event is given up:
 * a retry that has claimed afresh meanwhile keeps its claim.
 */
export async function release<O extends DomainEvent>(deps: CommandDeps, kind: ClaimKind<O>, owner: string, context: CommandContext, claimRevision?: number): Promise<void> {
  if (kind.ownerState(await readStreamOf(deps.store, kind.ownerStream(owner))).holds) return;
  const decider = claimDecider(kind);
  await deps.handle(kind.stream, 'any', decider, (state) => decider.decide({ type: 'Release', data: { owner, claimRevision } }, state), context, { decideAgain: true });
}

/** The claim `owner` has now (used or not), if any: what it gives back later names it. */
export async function claimOf(deps: CommandDeps, kind: ClaimDefinition, owner: string): Promise<HeldClaim | null> {
  const { state } = await loadStream(deps.store, kind.stream, claimDecider(kind));
  return state.owner === owner && !state.released ? held(kind.stream, state.claimRevision) : null;
}

/** Whether `requester` could claim now (the same decision, writing nothing). */
export async function claimAvailable<O extends DomainEvent>(deps: CommandDeps, kind: ClaimKind<O>, requester: string, now: string): Promise<boolean> {
  const { state, owner } = await readClaim(deps, kind);
  try {
    claimDecider(kind).decide({ type: 'Claim', data: { requester, owner, now } }, state);
    return true;
  } catch (error) {
    // Abandoned by its owner: the requester's, once the claim fences the owner off.
    if (error instanceof FenceOwnerFirst) return true;
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** The live owner of a claim, if it uses it now (a claim whose owner is gone or moved on is nobody's). */
export async function ownerOf<O extends DomainEvent>(deps: CommandDeps, kind: ClaimKind<O>): Promise<string | null> {
  const { state, owner } = await readClaim(deps, kind);
  return owner?.holds ? state.owner : null;
}

/**
 * For the owner's decider: refuses (V_06) a write that would use a claim another took over
 * meanwhile (its fence is in the owner's stream). Without the check a slow command could use a
 * claim after all that another has taken over.
 */
export function assertNotFenced(fences: readonly string[], claim: HeldClaim | undefined, kind: Pick<ClaimKind, 'property' | 'model'>): void {
  if (claim && fences.includes(claim.key)) throw ValidationError.of('V_06', kind.property, kind.model);
}

/**
 * Gives claims back (after a failed command, or the old slug after a move). What cannot be
 * released now is tried again after the answer, with back-off, until it works or the claim counts
 * as abandoned anyway; the command's own answer does not wait for it. After store trouble
 * (`cause`) nothing is tried now: each try would wait for the store's timeout again.
 */
export async function giveBack(deps: CommandDeps, label: string, releases: readonly (() => Promise<void>)[], cause?: unknown): Promise<void> {
  const troubled = cause !== undefined && isStoreTrouble(cause);
  for (const release of releases) {
    if (troubled) {
      deps.later?.(label, () => keepTrying(release, { forMs: ABANDONED_CLAIM_MS }));
      continue;
    }
    try {
      await release();
    } catch {
      deps.later?.(label, () => keepTrying(release, { forMs: ABANDONED_CLAIM_MS, firstWaitMs: 250 }));
    }
  }
}
