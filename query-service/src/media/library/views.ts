import { endpointUrl } from '@pagelog/contracts/endpoints';
import { NotFoundError } from '@pagelog/contracts/domain-errors';
import { mediaNameKey, ROOT_FOLDER_ID, type DirectoryView, type MediaItemView, type MediaListing } from '@pagelog/contracts/media/media';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

export const folders = readModels.mediaFolders.collection;
export const items = readModels.mediaItems.collection;
export const MEDIA_MODEL = 'media';

/** A folder as the library reads it: the root (never stored) or a stored one. */
export type Folder = Pick<MediaFolderDoc, 'id' | 'path' | 'pathKey'>;
export const ROOT_FOLDER: Folder = { id: ROOT_FOLDER_ID, path: '/', pathKey: '/' };

/**
 * The folder at a (normalised) path, found whatever the case of its names (names are unique
 * whatever their case); 404 ML_04 on `property` when there is none.
 */
export async function folderAt(store: ReadModelStore, path: string, property: string): Promise<Folder> {
  if (path === '/') return ROOT_FOLDER;
  const [found] = await store.find<MediaFolderDoc>(folders, { where: { pathKey: mediaNameKey(path) }, limit: 1 });
  if (!found) throw new NotFoundError('ML_04', property, MEDIA_MODEL);
  return found;
}

/** The paths of the folders items are in, by folder id, reading only those not known yet. */
export async function folderPaths(store: ReadModelStore, docs: readonly MediaItemDoc[], known: ReadonlyMap<string, string> = new Map()): Promise<Map<string, string>> {
  const paths = new Map(known);
  paths.set(ROOT_FOLDER_ID, '/');
  const missing = [...new Set(docs.map((d) => d.parentId))].filter((id) => !paths.has(id));
  if (missing.length > 0) {
    for (const [id, folder] of await store.getMany<MediaFolderDoc>(folders, missing)) paths.set(id, folder.path);
  }
  return paths;
}

export function itemView(doc: MediaItemDoc, path: string): MediaItemView {
  return {
    id: doc.id,
    path,
    fileName: doc.fileName,
    defaultAltText: doc.defaultAltText,
    shared: doc.shared,
    kind: doc.kind,
    hash: doc.hash,
    contentType: doc.contentType,
    size: doc.size,
    width: doc.width,
    height: doc.height,
    focalPoint: doc.focalPoint,
    videoId: doc.videoId,
    link: doc.link,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    // The address names the bytes, so it stays the same across moves and renames; a video has none.
    publicUrl: doc.shared && doc.hash ? endpointUrl('mediaSharedFile', { hash: doc.hash, fileName: doc.fileName }) : null,
  };
}

export function directoryView(doc: MediaFolderDoc): DirectoryView {
  return { id: doc.id, path: doc.path, folderName: doc.name };
}

/** Name order whatever the case, ties by id (as the store orders). */
export const byName = (a: { nameKey: string; id: string }, b: { nameKey: string; id: string }) =>
  a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Folders and items grouped as spec section 3 names the kinds: directories, documents, and images
 * (images, gifs, SVGs and videos), each sorted by name whatever its case.
 */
export function listing(path: string, folderDocs: readonly MediaFolderDoc[], itemDocs: readonly MediaItemDoc[], paths: ReadonlyMap<string, string>): MediaListing {
  const sorted = [...itemDocs].sort(byName);
  const view = (doc: MediaItemDoc) => itemView(doc, paths.get(doc.parentId) ?? '/');
  return {
    path,
    directories: [...folderDocs].sort(byName).map(directoryView),
    documents: sorted.filter((d) => d.kind === 'document').map(view),
    images: sorted.filter((d) => d.kind !== 'document').map(view),
  };
}
