import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { MediaEvent, MediaFileUploaded, MediaStreamEvent, MediaVideoAdded } from '@pagelog/contracts/events/media-events';
import type { FocalPoint } from '@pagelog/contracts/media/media';
import { assertNever, type Decider } from '../core/decider';
import { isLiveFolder, isLiveItem, mediaEvolver, type MediaState } from './media-state';

/**
 * The rules of one media node (folder, file or video item). Every command that gives a node a
 * name carries the key of the name claim it holds (core/claims): a claim another node took over
 * meanwhile (its fence is in this stream) is refused as the name being taken.
 */

/** The claim a command holds on the name it gives the node (claimKey), or null when the name stays. */
type NameClaim = { nameClaim: string | null };

export type MediaCommand =
  | { type: 'CreateFolder'; data: { mediaId: string; parentId: string; name: string } & NameClaim }
  /**
   * `targetAncestry`: the ids of the folders from the root down to the new parent, read while
   * holding `moveLock` (the claim key of the tree's move lock, null for a rename in place).
   */
  | { type: 'MoveFolder'; data: { parentId: string; name: string; targetAncestry: readonly string[]; moveLock: string | null } & NameClaim }
  /** `empty`: whether the folder holds nothing (a read-model look-up; see the command). */
  | { type: 'DeleteFolder'; data: { empty: boolean } }
  | { type: 'UploadFile'; data: MediaFileUploaded['data'] & NameClaim }
  | { type: 'AddVideo'; data: MediaVideoAdded['data'] & NameClaim }
  | { type: 'MoveFile'; data: { parentId: string; fileName: string } & NameClaim }
  /** `defaultAltText`, `shared` or `focalPoint` undefined leaves it as it is; a null focal point puts it back in the centre. */
  | { type: 'EditFile'; data: { parentId: string; fileName: string; defaultAltText?: string; shared?: boolean; focalPoint?: FocalPoint | null } & NameClaim }
  | { type: 'DeleteFile'; data: Record<string, never> };

const MODEL = 'media';

/** How a taken name is refused, as the request that gives it names it: V_06 for a new folder, ML_02 for a folder move, ML_03 for files. */
type ClashCode = 'V_06' | 'ML_02' | 'ML_03';

function assertClaimUsable(state: MediaState, nameClaim: string | null, code: ClashCode, property: string): void {
  if (nameClaim !== null && state.fences.includes(nameClaim)) throw ValidationError.of(code, property, MODEL);
}

function assertNew(state: MediaState, nameClaim: string | null, code: ClashCode, property: string): void {
  assertClaimUsable(state, nameClaim, code, property);
  if (state.exists) throw ValidationError.of('V_07', '', MODEL);
}

/** An item command on something that is not a live file or video. */
function assertItem(state: MediaState): void {
  if (!isLiveItem(state)) throw new NotFoundError('V_12', 'id', MODEL);
}

function decideMoveFolder(state: MediaState, d: Extract<MediaCommand, { type: 'MoveFolder' }>['data']): MediaEvent[] {
  if (!isLiveFolder(state)) throw new NotFoundError('ML_04', 'oldPath', MODEL);
  // Into itself or below itself: the folder would leave the tree.
  if (d.parentId === state.mediaId || d.targetAncestry.includes(state.mediaId)) throw ValidationError.of('V_07', 'newPath', MODEL);
  if (d.parentId === state.parentId && d.name === state.name) return [];
  // The move lock was taken over meanwhile (this command was slower than a claim may stay
  // unused): another move may have changed the ancestry it read.
  if (d.moveLock !== null && state.fences.includes(d.moveLock)) throw ValidationError.of('ML_06', 'newPath', MODEL);
  assertClaimUsable(state, d.nameClaim, 'ML_02', 'newPath');
  return [{ type: 'MediaFolderMoved', data: { mediaId: state.mediaId, fromParentId: state.parentId, fromName: state.name, parentId: d.parentId, name: d.name } }];
}

/** A move to another folder (maybe under a new name), a rename in the same folder, or nothing. */
function placeEvents(state: MediaState, parentId: string, fileName: string, nameClaim: string | null): MediaEvent[] {
  if (parentId === state.parentId && fileName === state.name) return [];
  assertClaimUsable(state, nameClaim, 'ML_03', 'newFileName');
  const { mediaId } = state;
  if (parentId === state.parentId) return [{ type: 'MediaFileRenamed', data: { mediaId, parentId, fromName: state.name, fileName } }];
  return [{ type: 'MediaFileMoved', data: { mediaId, fromParentId: state.parentId, fromName: state.name, parentId, fileName } }];
}

const samePoint = (a: FocalPoint | null, b: FocalPoint | null) => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);

/** Only what changed: the place, the alt text, the shared flag, the focal point. */
function decideEdit(state: MediaState, d: Extract<MediaCommand, { type: 'EditFile' }>['data']): MediaEvent[] {
  assertItem(state);
  const { mediaId } = state;
  const events = placeEvents(state, d.parentId, d.fileName, d.nameClaim);
  if (d.defaultAltText !== undefined && d.defaultAltText !== state.defaultAltText) events.push({ type: 'MediaAltTextChanged', data: { mediaId, defaultAltText: d.defaultAltText } });
  if (d.shared !== undefined && d.shared !== state.shared) events.push({ type: 'MediaSharedChanged', data: { mediaId, shared: d.shared } });
  if (d.focalPoint !== undefined && !samePoint(d.focalPoint, state.focalPoint)) {
    // Automatic crops exist for raster images only.
    if (d.focalPoint !== null && state.kind !== 'image' && state.kind !== 'gif') throw ValidationError.of('V_12', 'focalPoint', MODEL);
    events.push({ type: 'MediaFocalPointChanged', data: { mediaId, focalPoint: d.focalPoint } });
  }
  return events;
}

export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'CreateFolder': {
      const { nameClaim, ...data } = command.data;
      // "Folder name already exists." (ML_02 speaks of moving or renaming).
      assertNew(state, nameClaim, 'V_06', 'folderName');
      return [{ type: 'MediaFolderCreated', data }];
    }
    case 'MoveFolder':
      return decideMoveFolder(state, command.data);
    case 'DeleteFolder':
      if (!isLiveFolder(state)) throw new NotFoundError('ML_04', 'path', MODEL);
      // Only an empty folder goes: its contents would have no place left.
      if (!command.data.empty) throw ValidationError.of('V_07', 'path', MODEL);
      return [{ type: 'MediaFolderDeleted', data: { mediaId: state.mediaId, parentId: state.parentId, name: state.name } }];
    case 'UploadFile': {
      const { nameClaim, ...data } = command.data;
      assertNew(state, nameClaim, 'ML_03', 'f');
      return [{ type: 'MediaFileUploaded', data }];
    }
    case 'AddVideo': {
      const { nameClaim, ...data } = command.data;
      assertNew(state, nameClaim, 'ML_03', 'fileName');
      return [{ type: 'MediaVideoAdded', data }];
    }
    case 'MoveFile':
      assertItem(state);
      return placeEvents(state, command.data.parentId, command.data.fileName, command.data.nameClaim);
    case 'EditFile':
      return decideEdit(state, command.data);
    case 'DeleteFile':
      assertItem(state);
      return [{ type: 'MediaFileDeleted', data: { mediaId: state.mediaId, parentId: state.parentId, fileName: state.name, hash: state.hash } }];
    default:
      return assertNever(command);
  }
}

export const mediaDecider: Decider<MediaCommand, MediaStreamEvent, MediaState> = { ...mediaEvolver, decide: decideMedia };
