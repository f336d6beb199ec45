import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { nameForType, parseVideoLink, type FocalPoint, type MediaItemView } from '@pagelog/contracts/media/media';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import type { MediaCommand } from '../decider';
import { claimName, giveBackName, loadMediaState, MEDIA_MODEL, renameNode, withClaimedName, writeMedia, type NameClash } from '../media-names';
import { resolveFolder } from '../media-paths';
import { isLiveItem } from '../media-state';
import { itemView, type Committed } from '../media-views';

/** The item commands of the media library: move-file, edit-file, delete-file, add-video. */

const fileClash: NameClash = { code: 'ML_03', property: 'newFileName' };

/**
 * Puts an item in the folder at `newPath` under `newFileName` (a move, a rename or neither) and
 * decides `command` with the name claim it holds. A file's name keeps the extension of its type
 * (nameForType: "foto.exe" for a JPEG is stored as "foto.jpg"; a rename keeps to the same rule).
 * A new name is claimed first (ML_03 when taken), the item is written naming the claim, and the
 * old name is given back after (renameNode).
 */
async function placeItem(
  deps: CommandDeps,
  input: { id: string; newPath: string; newFileName: string },
  command: (place: { parentId: string; fileName: string; nameClaim: string | null }) => MediaCommand,
  context: CommandContext,
): Promise<Committed<MediaItemView>> {
  const mediaId = input.id;
  const before = await loadMediaState(deps, mediaId);
  if (!isLiveItem(before)) throw new NotFoundError('V_12', 'id', MEDIA_MODEL);
  const parent = await resolveFolder(deps, input.newPath, 'newPath');
  const from = { parentId: before.parentId, name: before.name, mediaId };
  const to = { parentId: parent.id, name: nameForType(input.newFileName, before.contentType), mediaId };
  const place = (nameClaim: string | null) => command({ parentId: to.parentId, fileName: to.name, nameClaim });
  const result = await renameNode(deps, 'file move', { from, to, clash: fileClash }, place, context);
  return { view: itemView(result.after, parent.path, result.events.length > 0 ? context.now : undefined), position: result.position };
}

/** move-file {id, newPath, newFileName}. */
export function moveFile(deps: CommandDeps, input: { id: string; newPath: string; newFileName: string }, context: CommandContext) {
  return placeItem(deps, input, (place) => ({ type: 'MoveFile', data: place }), context);
}

export interface EditFileInput {
  id: string;
  newPath: string;
  newFileName: string;
  /** Left out: stays as it is (as for the shared flag and the focal point). */
  defaultAltText?: string;
  shared?: boolean;
  focalPoint?: FocalPoint | null;
}

/** edit-file: the place and name, the default alt text, the shared flag and the focal point; events only for what changed. */
export function editFile(deps: CommandDeps, input: EditFileInput, context: CommandContext) {
  const { defaultAltText, shared, focalPoint } = input;
  return placeItem(deps, input, (place) => ({ type: 'EditFile', data: { ...place, defaultAltText, shared, focalPoint } }), context);
}

/** delete-file: the item leaves the library and its name is free; its bytes stay while history refers to them. */
export async function deleteFile(deps: CommandDeps, input: { id: string }, context: CommandContext): Promise<{ position: number }> {
  const result = await writeMedia(deps, input.id, () => ({ type: 'DeleteFile', data: {} }), context);
  const deleted = result.events.find((e) => e.type === 'MediaFileDeleted');
  if (deleted && deleted.type === 'MediaFileDeleted') {
    const { parentId, fileName, mediaId } = deleted.data;
    // The item is gone: freeing its name must not turn that into a failure.
    await giveBackName(deps, 'a deleted file', { parentId, name: fileName, mediaId }, context);
  }
  return { position: result.position };
}

/** add-video: a YouTube or Vimeo video by its link (ML_10 for any other link), named in a folder like a file. */
export async function addVideo(
  deps: CommandDeps,
  input: { path: string; link: string; fileName: string; defaultAltText: string },
  context: CommandContext,
): Promise<Committed<MediaItemView>> {
  const video = parseVideoLink(input.link);
  if (!video) throw ValidationError.of('ML_10', 'link', MEDIA_MODEL);
  const parent = await resolveFolder(deps, input.path, 'path');
  const mediaId = context.newId();
  const place = { parentId: parent.id, name: input.fileName, mediaId };
  const data = { mediaId, parentId: parent.id, fileName: place.name, provider: video.provider, videoId: video.videoId, link: input.link, defaultAltText: input.defaultAltText, shared: false };
  const result = await withClaimedName(
    deps,
    'video add',
    () => claimName(deps, place, { code: 'ML_03', property: 'fileName' }, context),
    (held) => writeMedia(deps, mediaId, () => ({ type: 'AddVideo', data: { ...data, nameClaim: held.claim.key } }), context),
    context,
  );
  return { view: itemView(result.after, parent.path, context.now), position: result.position };
}
