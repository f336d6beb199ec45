import { ValidationError } from '@pagelog/contracts/domain-errors';
import { mediaStream } from '@pagelog/contracts/events/media-events';
import { MAX_MEDIA_NAME, nameForType, normaliseMediaName, type AddedFile } from '@pagelog/contracts/media/media';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import type { CommandContext } from '../../core/command-context';
import type { CommandDeps } from '../../core/command-deps';
import type { MediaLookups } from '../../core/media-lookups';
import type { StreamedFile } from '../../core/uploads/with-streamed-file';
import { claimName, MEDIA_MODEL, withClaimedName, writeMedia, type HeldName } from '../media-names';
import { folderPath, resolveFolder } from '../media-paths';
import { isLiveItem, mediaEvolver, type MediaState } from '../media-state';
import { itemView, type Committed } from '../media-views';
import { imageHeader } from './image-header';
import { FILE_FIELD, type StoredUpload } from './upload-sink';

export interface AddFileDeps extends CommandDeps {
  blobs: BlobStore;
  mediaLookups: MediaLookups;
}

export interface AddFileInput {
  path: string;
  defaultAltText: string;
  /** Store a second item for bytes already in the library. */
  allowDuplicate: boolean;
}

/**
 * add-file: an uploaded file (already in the blob store, judged by its type: mediaUploadSink)
 * becomes an item in the folder at `path`. An image's size is read from its header (a bomb
 * refused, V_12, and its bytes taken out of the store again); bytes already held by a live item
 * make no second item unless `allowDuplicate` (the answer names that item); otherwise the item
 * takes the client's name with the extension of its type (nameForType), or the next free
 * "name (2).ext" in the folder.
 */
export async function addFile(deps: AddFileDeps, file: StreamedFile<StoredUpload>, input: AddFileInput, context: CommandContext): Promise<Committed<AddedFile>> {
  const { blob, type } = file.stored;
  const size = type.raster ? await imageHeader(deps.blobs, blob, type.raster, FILE_FIELD, MEDIA_MODEL).catch((error: unknown) => withdrawRefused(deps, blob.key, error)) : null;
  // Bytes of a folder that is not there stay stored (they may be another upload's, or an
  // item's): a retry into the right folder finds them.
  const folder = await resolveFolder(deps, input.path, 'path');

  if (!input.allowDuplicate) {
    const existing = await liveItemWithHash(deps, blob.key);
    if (existing) return { view: { item: itemView(existing.state, existing.path), duplicate: true }, position: existing.position };
  }

  const mediaId = context.newId();
  // The name says what the bytes are: "invoice.js" holding text is kept as "invoice.txt".
  const wanted = nameForType(normaliseMediaName(baseName(file.clientName)) ?? 'file', type.contentType);
  const result = await withClaimedName(
    deps,
    'upload',
    () => claimFreeName(deps, folder.id, wanted, mediaId, context),
    (held) => {
      const data = {
        mediaId,
        parentId: folder.id,
        fileName: held.name,
        hash: blob.key,
        size: blob.size,
        contentType: type.contentType,
        kind: type.kind,
        width: size?.width ?? null,
        height: size?.height ?? null,
        defaultAltText: input.defaultAltText,
        shared: false,
      };
      return writeMedia(deps, mediaId, () => ({ type: 'UploadFile', data: { ...data, nameClaim: held.claim.key } }), context);
    },
    context,
  );
  return { view: { item: itemView(result.after, folder.path, context.now), duplicate: false }, position: result.position };
}

/**
 * Takes the bytes of an upload refused after they were stored (an image whose header is a bomb
 * or broken) out of the store again, then throws the refusal. Only bytes this request stored:
 * the store cannot say whether the put made the blob or found it, and a stat before the put is
 * no help (the hash is known only once the bytes are in, and another request may put the same
 * bytes in between). So it asks what could hold them instead. The judgement is a function of
 * the bytes alone, so no upload ever made an item of them, and no other writer stores them
 * (profile images are re-encoded and sealed; renditions live apart); an item that holds them
 * anyway (stored under an older, looser rule) keeps them. A concurrent upload of the same bytes
 * is refused as this one is, and deletes what this one would have.
 */
async function withdrawRefused(deps: AddFileDeps, hash: string, refusal: unknown): Promise<never> {
  if (refusal instanceof ValidationError && (await deps.mediaLookups.itemsWithHash(hash)).length === 0) await deps.blobs.delete(hash);
  throw refusal;
}

/** A live item that holds `hash` now (checked on its stream: the read model only finds candidates), with its folder's path. */
async function liveItemWithHash(deps: AddFileDeps, hash: string): Promise<{ state: MediaState; path: string; position: number } | null> {
  for (const id of await deps.mediaLookups.itemsWithHash(hash)) {
    const { state, events } = await loadStream(deps.store, mediaStream(id), mediaEvolver);
    if (!isLiveItem(state) || state.hash !== hash) continue;
    const path = await folderPath(deps, state.parentId);
    // An item whose folder is gone is no place to point the editor to.
    if (path === null) continue;
    return { state, path, position: events[events.length - 1]!.position };
  }
  return null;
}

/** How many names an upload tries before it gives up ("name (2).ext" up to this). */
const MAX_NAME_TRIES = 50;

/** `name`, or "stem (n).ext" for the first n from 2 that is free in the folder. */
export function numberedName(name: string, n: number): string {
  if (n === 1) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = ` (${n})${ext}`;
  return stem.slice(0, Math.max(1, MAX_MEDIA_NAME - suffix.length)).trimEnd() + suffix;
}

/** Claims `wanted` in the folder, or "stem (n).ext" for the first n from 2 that is free there. */
async function claimFreeName(deps: CommandDeps, parentId: string, wanted: string, mediaId: string, context: CommandContext): Promise<HeldName> {
  const clash = { code: 'ML_03', property: FILE_FIELD } as const;
  for (let n = 1; n <= MAX_NAME_TRIES; n++) {
    const name = normaliseMediaName(numberedName(wanted, n)) ?? `file (${n})`;
    try {
      return await claimName(deps, { parentId, name, mediaId }, clash, context);
    } catch (error) {
      if (!(error instanceof ValidationError) || n === MAX_NAME_TRIES) throw error;
    }
  }
  throw ValidationError.of(clash.code, clash.property, MEDIA_MODEL);
}

/** The last part of a client's file name: some browsers and tools send a path (`C:\\fakepath\\x.jpg`). */
function baseName(clientName: string | null): string | null {
  return clientName === null ? null : (clientName.split(/[\\/]/).pop() ?? null);
}
