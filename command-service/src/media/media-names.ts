import { ConflictError, DomainError, ValidationError } from '@pagelog/contracts/domain-errors';
import { MEDIA_TREE_LOCK_STREAM, mediaNameStream, mediaStream, type MediaStreamEvent } from '@pagelog/contracts/events/media-events';
import { mediaNameKey } from '@pagelog/contracts/media/media';
import { fold, loadStream } from '@pagelog/storage/event-store/load-stream';
import { claim, claimOf, giveBack, ownerOf, release, type ClaimKind, type HeldClaim } from '../core/claims/claims';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { decideMedia, type MediaCommand } from './decider';
import { isLiveMedia, mediaEvolver, type MediaState } from './media-state';

/**
 * Names in a folder are unique (compared by mediaNameKey), for files and folders alike: each
 * name is claimed (core/claims) on a stream of its own before a node uses it, so two concurrent
 * creates or moves into one name cannot both win.
 */

export type { HeldClaim } from '../core/claims/claims';

/** What a refusal of a taken name says: V_06 for a new folder, ML_02 for folder moves, ML_03 for files, on the request's name property. */
export interface NameClash {
  code: 'V_06' | 'ML_02' | 'ML_03';
  property: string;
}

export const MEDIA_MODEL = 'media';

/** A node's name in a folder. */
export interface NodeName {
  parentId: string;
  name: string;
  mediaId: string;
}

/** A name a node holds a claim on, with the claim (what giving it back needs). */
export interface HeldName extends NodeName {
  claim: HeldClaim;
}

export async function loadMediaState(deps: CommandDeps, mediaId: string): Promise<MediaState> {
  return (await loadStream(deps.store, mediaStream(mediaId), mediaEvolver)).state;
}

/**
 * Decides `command(state, revision)` on the node's stream and appends what it decides; answers the
 * position and the node as it is after (the state it was decided on with the new events folded in).
 */
export async function writeMedia(
  deps: CommandDeps,
  mediaId: string,
  command: (state: MediaState, revision: number) => MediaCommand,
  context: CommandContext,
): Promise<{ events: MediaStreamEvent[]; position: number; after: MediaState }> {
  let decidedOn: MediaState | undefined;
  const result = await deps.handle(
    mediaStream(mediaId),
    'any',
    mediaEvolver,
    (state, revision) => {
      const events = decideMedia(command(state, revision), state);
      decidedOn = state;
      return events;
    },
    context,
  );
  return { events: result.events, position: result.position, after: result.events.reduce(mediaEvolver.evolve, decidedOn!) };
}

export function mediaNameKind(parentId: string, name: string): ClaimKind<MediaStreamEvent> {
  const nameKey = mediaNameKey(name);
  return {
    stream: mediaNameStream(parentId, nameKey),
    names: { claimed: 'MediaNameClaimed', released: 'MediaNameReleased', ownerField: 'mediaId' },
    data: (mediaId) => ({ parentId, name, mediaId }),
    ownerStream: mediaStream,
    ownerState: (events) => {
      const node = fold(mediaEvolver, events);
      return { holds: isLiveMedia(node) && node.parentId === parentId && mediaNameKey(node.name) === nameKey, deleted: node.deleted, fences: node.fences };
    },
    // The claims module's own refusal (V_06); claimName turns it into the clash the request names.
    property: 'name',
    model: MEDIA_MODEL,
  };
}

/** The refusal of a taken name, as the request names it. */
export const nameTaken = (clash: NameClash) => ValidationError.of(clash.code, clash.property, MEDIA_MODEL);

/** Claims `name` in `parentId` for `mediaId`, or refuses with `clash` when another node holds it. */
export async function claimName(deps: CommandDeps, c: NodeName, clash: NameClash, context: CommandContext): Promise<HeldName> {
  try {
    return { ...c, claim: await claim(deps, mediaNameKind(c.parentId, c.name), c.mediaId, context) };
  } catch (error) {
    if (error instanceof DomainError && error.items.some((item) => item.code === 'V_06')) throw nameTaken(clash);
    throw error;
  }
}

/**
 * Gives a name back without failing the command (done already, or failed with `cause`): the
 * claim `held.claim` when given, else whichever the node has (core/claims giveBack retries later).
 */
export function giveBackName(deps: CommandDeps, why: string, held: NodeName & { claim?: HeldClaim }, context: CommandContext, cause?: unknown): Promise<void> {
  const release = () => releaseName(deps, held, context, held.claim?.revision);
  return giveBack(deps, `release the name of ${why}`, [release], cause);
}

const releaseName = (deps: CommandDeps, c: NodeName, context: CommandContext, claimRevision?: number) =>
  release(deps, mediaNameKind(c.parentId, c.name), c.mediaId, context, claimRevision);

/**
 * What every command that names a node does: `take` claims the new name (or answers null when the
 * node keeps the name it has), `write` appends the node's events holding it (it gets the claim),
 * and when `write` fails the claim is given back, so a failed command leaves the name free (the
 * write's error is the one thrown). `what` names the command in the give-back's log line.
 */
export async function withClaimedName<T, H extends HeldName | null>(
  deps: CommandDeps,
  what: string,
  take: () => Promise<H>,
  write: (held: H) => Promise<T>,
  context: CommandContext,
): Promise<T> {
  const held = await take();
  try {
    return await write(held);
  } catch (error) {
    if (held) await giveBackName(deps, `a failed ${what}`, held, context, error);
    throw error;
  }
}

/** For a command whose node keeps its name: no claim to take. */
const keepsName = async (): Promise<null> => null;

/**
 * Moves or renames the node at `from` to `to` (nothing to claim when it stays in its folder under
 * the same name, whatever the case): claims the new name (refused as `clash`), writes
 * `command(nameClaim)` while the node is still where the claims were made for (a 409 when someone
 * moved it meanwhile), and gives the old name back once the node has left it.
 */
export async function renameNode(
  deps: CommandDeps,
  what: string,
  move: { from: NodeName; to: NodeName; clash: NameClash },
  command: (nameClaim: string | null) => MediaCommand,
  context: CommandContext,
) {
  const { from, to, clash } = move;
  const stays = to.parentId === from.parentId && mediaNameKey(to.name) === mediaNameKey(from.name);
  const left = stays ? null : await nameHeld(deps, from);
  const result = await withClaimedName(
    deps,
    what,
    stays ? keepsName : () => claimName(deps, to, clash, context),
    (held) =>
      writeMedia(
        deps,
        from.mediaId,
        (state, revision) => {
          if (state.parentId !== from.parentId || state.name !== from.name) throw new ConflictError(mediaStream(from.mediaId), revision, revision);
          return command(held?.claim.key ?? null);
        },
        context,
      ),
    context,
  );
  // Done: freeing the old name must not turn it into a failure.
  if (left && (result.after.parentId !== from.parentId || result.after.name !== from.name)) await giveBackName(deps, `a ${what}`, left, context);
  return result;
}

/** The node's claim on its name now, if it has one (what a move gives back afterwards). */
async function nameHeld(deps: CommandDeps, c: NodeName): Promise<HeldName | null> {
  const held = await claimOf(deps, mediaNameKind(c.parentId, c.name), c.mediaId);
  return held && { ...c, claim: held };
}

/** The live node that uses `name` in `parentId` now, if any. */
export const nodeNamed = (deps: CommandDeps, parentId: string, name: string): Promise<string | null> => ownerOf(deps, mediaNameKind(parentId, name));

/**
 * The tree's move lock: a folder move that changes a folder's parent holds it while it reads the
 * new parent's ancestry and writes the move, so two crossed moves (A into B, B into A) are decided
 * one after the other and the second sees the first (V_07 for a move below itself). It is a claim
 * its owner never "uses": free again when given back, taken over after ABANDONED_CLAIM_MS when
 * its move died (the fence then refuses that move, ML_06).
 */
export function folderMoveLockKind(): ClaimKind<MediaStreamEvent> {
  return {
    stream: MEDIA_TREE_LOCK_STREAM,
    names: { claimed: 'MediaNameClaimed', released: 'MediaNameReleased', ownerField: 'mediaId' },
    data: (mediaId) => ({ parentId: 'tree', name: 'moves', mediaId }),
    ownerStream: mediaStream,
    ownerState: (events) => {
      const node = fold(mediaEvolver, events);
      return { holds: false, deleted: node.deleted, fences: node.fences };
    },
    property: 'newPath',
    model: MEDIA_MODEL,
  };
}
