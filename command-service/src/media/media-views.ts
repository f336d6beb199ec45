import { sharedFileUrl } from '@pagelog/contracts/media/media-urls';
import { childPath, type DirectoryView, type MediaItemView } from '@pagelog/contracts/media/media';
import type { MediaState } from './media-state';

/** What a command answers: the view of what it changed, and the position of its last event. */
export interface Committed<T> {
  view: T;
  position: number;
}

/**
 * A media item as commands answer it. `path` is the folder it is in; `now`, the command's time,
 * stands in for the times of events it just wrote (a folded state has none for them).
 */
export function itemView(state: MediaState, path: string, now?: string): MediaItemView {
  return {
    id: state.mediaId,
    path,
    fileName: state.name,
    defaultAltText: state.defaultAltText,
    shared: state.shared,
    kind: state.kind!,
    hash: state.hash,
    contentType: state.contentType,
    size: state.size,
    width: state.width,
    height: state.height,
    focalPoint: state.focalPoint,
    videoId: state.videoId,
    link: state.link,
    createdAt: state.createdAt || (now ?? ''),
    updatedAt: now ?? state.updatedAt,
    // The address names the bytes, so it stays the same across moves and renames.
    publicUrl: state.shared && state.hash ? sharedFileUrl(state.hash, state.name) : null,
  };
}

/** A folder as commands answer it, given the path of the folder it is in. */
export function directoryView(state: Pick<MediaState, 'mediaId' | 'name'>, parentPath: string): DirectoryView {
  return { id: state.mediaId, path: childPath(parentPath, state.name), folderName: state.name };
}
