import { streamOf } from './event';
import type { ClaimFenced } from './claim-events';
import type { FocalPoint, MediaFileKind, VideoProvider } from '../media/media';

/**
 * The media library: every folder, file and video item is a "media node" with a stream of its
 * own (`media-<id>`), holding the id of the folder it is in (`parentId`, ROOT_FOLDER_ID for the
 * root) and its name there. A folder's path is its ancestors' names, so moving or renaming a
 * folder is one event, and a file's public address names its content hash, not its path.
 * Names are unique within a folder: each name is claimed (core/claims) on a stream of its own.
 */
export const mediaStream = (mediaId: string) => streamOf<MediaStreamEvent>(`media-${mediaId}`);

/** One claim stream per (folder, name), the name compared case-insensitively (see mediaNameKey). */
export const mediaNameStream = (parentId: string, nameKey: string) => streamOf<MediaNameEvent>(`media-name-${parentId}:${nameKey}`);

/**
 * The claim stream of the tree's move lock: folder moves that change a parent take it one at a
 * time, so crossed moves cannot both win (see command-service media-names).
 */
export const MEDIA_TREE_LOCK_STREAM = streamOf<MediaNameEvent>('media-tree-moves');

export interface MediaFolderCreated {
  type: 'MediaFolderCreated';
  data: { mediaId: string; parentId: string; name: string };
}

/** The folder moved to another parent, or was renamed (or both); its contents went with it. */
export interface MediaFolderMoved {
  type: 'MediaFolderMoved';
  data: { mediaId: string; fromParentId: string; fromName: string; parentId: string; name: string };
}

/** An empty folder was deleted; its name is free again. */
export interface MediaFolderDeleted {
  type: 'MediaFolderDeleted';
  data: { mediaId: string; parentId: string; name: string };
}

/**
 * A file was uploaded into a folder. `hash` names its bytes in the blob store (the same bytes are
 * stored once, however many items use them); `kind` and `contentType` were judged from the bytes.
 * `width` and `height` are set for images (after orientation), null otherwise.
 */
export interface MediaFileUploaded {
  type: 'MediaFileUploaded';
  data: {
    mediaId: string;
    parentId: string;
    fileName: string;
    hash: string;
    size: number;
    contentType: string;
    kind: MediaFileKind;
    width: number | null;
    height: number | null;
    defaultAltText: string;
    shared: boolean;
  };
}

/** A YouTube or Vimeo video was added to a folder by its link. */
export interface MediaVideoAdded {
  type: 'MediaVideoAdded';
  data: { mediaId: string; parentId: string; fileName: string; provider: VideoProvider; videoId: string; link: string; defaultAltText: string; shared: boolean };
}

/** The item moved to another folder (and maybe took a new name there). */
export interface MediaFileMoved {
  type: 'MediaFileMoved';
  data: { mediaId: string; fromParentId: string; fromName: string; parentId: string; fileName: string };
}

/** The item took a new name in the same folder. */
export interface MediaFileRenamed {
  type: 'MediaFileRenamed';
  data: { mediaId: string; parentId: string; fromName: string; fileName: string };
}

/** The default alternative text of an image (each use may override it). */
export interface MediaAltTextChanged {
  type: 'MediaAltTextChanged';
  data: { mediaId: string; defaultAltText: string };
}

/** Whether the item has a public address of its own, outside the pages that use it. */
export interface MediaSharedChanged {
  type: 'MediaSharedChanged';
  data: { mediaId: string; shared: boolean };
}

/** The point automatic crops keep in view (fractions of width and height), or null for the centre. */
export interface MediaFocalPointChanged {
  type: 'MediaFocalPointChanged';
  data: { mediaId: string; focalPoint: FocalPoint | null };
}

/**
 * The item left the library. Its bytes stay while any page version refers to them (published
 * pages keep showing it until republished without it; history keeps showing it).
 */
export interface MediaFileDeleted {
  type: 'MediaFileDeleted';
  data: { mediaId: string; parentId: string; fileName: string; hash: string | null };
}

export interface MediaNameClaimed {
  type: 'MediaNameClaimed';
  data: { parentId: string; name: string; mediaId: string };
}

export interface MediaNameReleased {
  type: 'MediaNameReleased';
  data: { parentId: string; name: string; mediaId: string };
}

export type MediaEvent =
  | MediaFolderCreated
  | MediaFolderMoved
  | MediaFolderDeleted
  | MediaFileUploaded
  | MediaVideoAdded
  | MediaFileMoved
  | MediaFileRenamed
  | MediaAltTextChanged
  | MediaSharedChanged
  | MediaFocalPointChanged
  | MediaFileDeleted;

/** What a media node's stream may hold: its events, and a fence left by a takeover of its name claim. */
export type MediaStreamEvent = MediaEvent | ClaimFenced;

export type MediaNameEvent = MediaNameClaimed | MediaNameReleased;
