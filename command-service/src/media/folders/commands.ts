import { DomainError, ValidationError } from '@pagelog/contracts/domain-errors';
import { joinMediaPath, splitMediaPath, type DirectoryView } from '@pagelog/contracts/media/media';
import { claim, giveBack, release } from '../../core/claims/claims';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import type { MediaLookups } from '../../core/media-lookups';
import type { MediaCommand } from '../decider';
import { claimName, folderMoveLockKind, giveBackName, MEDIA_MODEL, renameNode, withClaimedName, writeMedia, type HeldClaim } from '../media-names';
import { resolveFolder, unknownFolder } from '../media-paths';
import { directoryView, type Committed } from '../media-views';

/** The folder commands of the media library: create-dir, move-directory, delete-directory. */

/** The root always exists and stays where it is: it is never moved, renamed or deleted. */
const rootRefused = (property: string) => ValidationError.of('V_07', property, MEDIA_MODEL);

/** A new folder `name` in the folder at `path`. Its name is claimed first (V_06 "Folder name already exists." when taken). */
export async function createFolder(deps: CommandDeps, input: { path: string; folderName: string }, context: CommandContext): Promise<Committed<DirectoryView>> {
  const parent = await resolveFolder(deps, input.path, 'path');
  const mediaId = context.newId();
  const place = { parentId: parent.id, name: input.folderName, mediaId };
  const result = await withClaimedName(
    deps,
    'folder create',
    () => claimName(deps, place, { code: 'V_06', property: 'folderName' }, context),
    (held) => writeMedia(deps, mediaId, () => ({ type: 'CreateFolder', data: { ...place, nameClaim: held.claim.key } }), context),
    context,
  );
  return { view: directoryView({ mediaId, name: place.name }, parent.path), position: result.position };
}

/**
 * move-directory: `newPath` is the folder's whole new path, so this is a move, a rename or both.
 * A move to another parent holds the tree's move lock (folderMoveLockKind) while it reads the new
 * parent's ancestry and writes, so crossed moves (A into B, B into A) cannot both win: a move
 * into itself or below itself is refused (V_07). The new name is claimed first (ML_02 on newPath
 * when taken), the folder is written naming the claim, and the old name is given back after.
 * Its contents go with it (they name the folder by id).
 */
export async function moveFolder(deps: CommandDeps, input: { oldPath: string; newPath: string }, context: CommandContext): Promise<Committed<DirectoryView>> {
  if (input.oldPath === '/') throw rootRefused('oldPath');
  const target = splitMediaPath(input.newPath);
  if (target === null) throw unknownFolder('newPath');
  if (target.length === 0) throw rootRefused('newPath');
  const name = target[target.length - 1]!;
  const parentPath = joinMediaPath(target.slice(0, -1));
  const folder = await resolveFolder(deps, input.oldPath, 'oldPath');
  const mediaId = folder.id;
  const fromParentId = folder.ancestry[folder.ancestry.length - 2]!;
  const fromName = folder.path.slice(folder.path.lastIndexOf('/') + 1);
  let parent = await resolveFolder(deps, parentPath, 'newPath');
  // Checked before anything is claimed, so the refusal writes nothing (checked again under the lock).
  if (parent.ancestry.includes(mediaId)) throw ValidationError.of('V_07', 'newPath', MEDIA_MODEL);
  let lock: HeldClaim | null = null;
  let result;
  try {
    if (parent.id !== fromParentId) {
      lock = await takeMoveLock(deps, mediaId, context);
      // The ancestry as it is now that no other move can change it.
      parent = await resolveFolder(deps, parentPath, 'newPath');
      if (parent.ancestry.includes(mediaId)) throw ValidationError.of('V_07', 'newPath', MEDIA_MODEL);
    }
    const target = parent;
    const moveLock = lock?.key ?? null;
    const from = { parentId: fromParentId, name: fromName, mediaId };
    const to = { parentId: target.id, name, mediaId };
    const place = (nameClaim: string | null): MediaCommand => ({ type: 'MoveFolder', data: { parentId: target.id, name, targetAncestry: target.ancestry, nameClaim, moveLock } });
    result = await renameNode(deps, 'folder move', { from, to, clash: { code: 'ML_02', property: 'newPath' } }, place, context);
  } finally {
    const taken = lock;
    if (taken) await giveBack(deps, 'release the tree move lock', [() => release(deps, folderMoveLockKind(), mediaId, context, taken.revision)]);
  }
  return { view: directoryView({ mediaId, name }, parent.path), position: result.position };
}

/** How long a folder move waits for another to finish with the tree before it gives up (ML_06). */
const MOVE_LOCK_WAIT_MS = 5_000;

/** Takes the tree's move lock for the folder `mediaId`, waiting while another move holds it. */
async function takeMoveLock(deps: CommandDeps, mediaId: string, context: CommandContext): Promise<HeldClaim> {
  const deadline = Date.now() + MOVE_LOCK_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await claim(deps, folderMoveLockKind(), mediaId, context);
    } catch (error) {
      const busy = error instanceof DomainError && error.items.some((item) => item.code === 'V_06');
      if (!busy) throw error;
      if (Date.now() > deadline) throw ValidationError.of('ML_06', 'newPath', MEDIA_MODEL);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * Math.min(20 * attempt, 200)));
    }
  }
}

/**
 * delete-directory: only an empty folder goes (V_07 otherwise). Emptiness comes from the read
 * model once it has caught up with the log as it was when asked (MediaLookups). A small race
 * remains: a file uploaded or moved into the folder in the milliseconds between that look-up and
 * the delete's append is not seen, and is left in a deleted folder (the library then shows it
 * among the items whose folder is gone; decision 0012).
 */
export async function deleteFolder(deps: CommandDeps & { mediaLookups: MediaLookups }, input: { path: string }, context: CommandContext): Promise<{ position: number }> {
  if (input.path === '/') throw rootRefused('path');
  const folder = await resolveFolder(deps, input.path, 'path');
  const empty = !(await deps.mediaLookups.folderHasContents(folder.id));
  const result = await writeMedia(deps, folder.id, () => ({ type: 'DeleteFolder', data: { empty } }), context);
  const deleted = result.events.find((e) => e.type === 'MediaFolderDeleted');
  if (deleted && deleted.type === 'MediaFolderDeleted') {
    // The folder is gone: freeing its name must not turn that into a failure.
    await giveBackName(deps, 'a deleted folder', deleted.data, context);
  }
  return { position: result.position };
}
