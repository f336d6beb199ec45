import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { joinMediaPath, ROOT_FOLDER_ID, splitMediaPath } from '@pagelog/contracts/media/media';
import type { CommandDeps } from '../core/command-deps';
import { loadMediaState, MEDIA_MODEL, nodeNamed } from './media-names';
import { isLiveFolder } from './media-state';

/** A folder found by its path. */
export interface ResolvedFolder {
  id: string;
  /** Its path as the library spells it (the folders' own names, whatever case the request used). */
  path: string;
  /** The ids of the folders from the root down to this one, both included. */
  ancestry: string[];
}

export const ROOT_FOLDER: ResolvedFolder = { id: ROOT_FOLDER_ID, path: '/', ancestry: [ROOT_FOLDER_ID] };

/** ML_04 ("Failed loading folder content") on the request property that named a folder. */
export const unknownFolder = (property: string) => new NotFoundError('ML_04', property, MEDIA_MODEL);

/**
 * Finds a folder by its path from the events, with no read model: from the root, segment by
 * segment, through the live owner of each name's claim, which must be a live folder. A read
 * model could lag behind a folder just created or moved; the claims cannot. ML_04 on `property`
 * when a segment names no folder.
 */
export async function resolveFolder(deps: CommandDeps, path: string, property: string): Promise<ResolvedFolder> {
  const names = splitMediaPath(path);
  if (names === null) throw unknownFolder(property);
  let folder = ROOT_FOLDER;
  const spelled: string[] = [];
  for (const name of names) {
    const owner = await nodeNamed(deps, folder.id, name);
    if (owner === null) throw unknownFolder(property);
    const state = await loadMediaState(deps, owner);
    // A file of that name, or a folder that moved on since the claim was read.
    if (!isLiveFolder(state) || state.parentId !== folder.id) throw unknownFolder(property);
    spelled.push(state.name);
    folder = { id: owner, path: joinMediaPath(spelled), ancestry: [...folder.ancestry, owner] };
  }
  return folder;
}

/** How deep the library's folders go at most (a guard against a cycle, see folderPath). */
const MAX_DEPTH = 256;

/**
 * The path of a folder by its id, from the events: its names up to the root. Null when it or an
 * ancestor is gone (or the chain does not reach the root).
 */
export async function folderPath(deps: CommandDeps, folderId: string): Promise<string | null> {
  const names: string[] = [];
  for (let id = folderId, depth = 0; id !== ROOT_FOLDER_ID; depth++) {
    if (depth > MAX_DEPTH) return null;
    const state = await loadMediaState(deps, id);
    if (!isLiveFolder(state)) return null;
    names.unshift(state.name);
    id = state.parentId;
  }
  return joinMediaPath(names);
}
