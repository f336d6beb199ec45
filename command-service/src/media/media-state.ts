import { claimKey } from '@pagelog/contracts/events/claim-events';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { MediaStreamEvent } from '@pagelog/contracts/events/media-events';
import type { FocalPoint, MediaFileKind, MediaItemKind, VideoProvider } from '@pagelog/contracts/media/media';
import { assertNever } from '../core/decider';

/** What a media node is: a folder, an uploaded file, or a video added by its link. */
export type MediaNodeKind = 'folder' | 'file' | 'video';

/** What the media deciders need to know of a node's history (one `media-<id>` stream). */
export interface MediaState {
  exists: boolean;
  /** A deleted node accepts no command any more; its name is free again. */
  deleted: boolean;
  /**
   * Name claims another node took over while this one did not use them (ClaimFenced, by
   * claimKey): this node can never come to use them. A node fenced before it was ever written
   * can never be created under that name.
   */
  fences: string[];
  mediaId: string;
  node: MediaNodeKind | null;
  /** The folder it is in (ROOT_FOLDER_ID for the root). */
  parentId: string;
  /** Its name in that folder (a folder's name, an item's file name). */
  name: string;
  /** For items: what they are (image, gif, svg, document, youtube, vimeo). */
  kind: MediaItemKind | null;
  hash: string | null;
  size: number | null;
  contentType: string | null;
  width: number | null;
  height: number | null;
  defaultAltText: string;
  shared: boolean;
  focalPoint: FocalPoint | null;
  provider: VideoProvider | null;
  videoId: string | null;
  link: string | null;
  /** When the node was made and last changed (the recorded events' times; empty before it is stored). */
  createdAt: string;
  updatedAt: string;
}

export const initialMediaState: MediaState = {
  exists: false,
  deleted: false,
  fences: [],
  mediaId: '',
  node: null,
  parentId: '',
  name: '',
  kind: null,
  hash: null,
  size: null,
  contentType: null,
  width: null,
  height: null,
  defaultAltText: '',
  shared: false,
  focalPoint: null,
  provider: null,
  videoId: null,
  link: null,
  createdAt: '',
  updatedAt: '',
};

/** A recorded event carries its time; a decided one (not stored yet) does not. */
const timeOf = (event: MediaStreamEvent): string | null => (event as { metadata?: { occurredAt?: string } }).metadata?.occurredAt ?? null;

function touched(state: MediaState, event: MediaStreamEvent): MediaState {
  const at = timeOf(event);
  return at ? { ...state, createdAt: state.createdAt || at, updatedAt: at } : state;
}

export function evolveMedia(state: MediaState, event: MediaStreamEvent): MediaState {
  switch (event.type) {
    case 'ClaimFenced':
      return { ...state, fences: [...state.fences, claimKey(event.data.claimStream, event.data.claimRevision)] };
    case 'MediaFolderCreated':
      return touched({ ...state, exists: true, mediaId: event.data.mediaId, node: 'folder', parentId: event.data.parentId, name: event.data.name }, event);
    case 'MediaFolderMoved':
      return touched({ ...state, parentId: event.data.parentId, name: event.data.name }, event);
    case 'MediaFolderDeleted':
      return touched({ ...state, deleted: true }, event);
    case 'MediaFileUploaded': {
      const d = event.data;
      return touched(
        {
          ...state,
          exists: true,
          mediaId: d.mediaId,
          node: 'file',
          parentId: d.parentId,
          name: d.fileName,
          kind: d.kind satisfies MediaFileKind,
          hash: d.hash,
          size: d.size,
          contentType: d.contentType,
          width: d.width,
          height: d.height,
          defaultAltText: d.defaultAltText,
          shared: d.shared,
        },
        event,
      );
    }
    case 'MediaVideoAdded': {
      const d = event.data;
      return touched(
        {
          ...state,
          exists: true,
          mediaId: d.mediaId,
          node: 'video',
          parentId: d.parentId,
          name: d.fileName,
          kind: d.provider,
          provider: d.provider,
          videoId: d.videoId,
          link: d.link,
          defaultAltText: d.defaultAltText,
          shared: d.shared,
        },
        event,
      );
    }
    case 'MediaFileMoved':
      return touched({ ...state, parentId: event.data.parentId, name: event.data.fileName }, event);
    case 'MediaFileRenamed':
      return touched({ ...state, name: event.data.fileName }, event);
    case 'MediaAltTextChanged':
      return touched({ ...state, defaultAltText: event.data.defaultAltText }, event);
    case 'MediaSharedChanged':
      return touched({ ...state, shared: event.data.shared }, event);
    case 'MediaFocalPointChanged':
      return touched({ ...state, focalPoint: event.data.focalPoint }, event);
    case 'MediaFileDeleted':
      return touched({ ...state, deleted: true }, event);
    default:
      return assertNever(event);
  }
}

export const mediaEvolver: Evolver<MediaState, MediaStreamEvent> = { initialState: initialMediaState, evolve: evolveMedia };

/** Exists and is not deleted. */
export const isLiveMedia = (state: MediaState): boolean => state.exists && !state.deleted;

export const isLiveFolder = (state: MediaState): boolean => isLiveMedia(state) && state.node === 'folder';

/** A file or a video item that exists and is not deleted. */
export const isLiveItem = (state: MediaState): boolean => isLiveMedia(state) && (state.node === 'file' || state.node === 'video');
