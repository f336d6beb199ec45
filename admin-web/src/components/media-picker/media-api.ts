import { queryOptions } from '@tanstack/react-query';
import type { InferType } from 'yup';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import type { MediaItemView, MediaListing } from '@pagelog/contracts/media/media';
import type { addVideoSchema, editFileSchema, listPagesByFileSchema, searchFilesSchema } from '@pagelog/contracts/media/schemas';
import type { ApiClient, ApiReply } from '../../core/api/api-client';
import { endpointQuery, type EndpointKey } from '../../core/api/endpoint-query';

/** search-files: the term, the folder it searches below, and the "without alt text" filter. */
export type MediaSearch = InferType<typeof searchFilesSchema>;

/** list-pages-by-file (paginated) and `at`, an ISO moment, for "which pages used it then". */
export type PagesByFileQuery = InferType<typeof listPagesByFileSchema>;

/** A listing as the screens use it: whatever a group is missing (an older or broken answer) is empty rather than a crash. */
export function asListing(data: Partial<MediaListing> | null | undefined): MediaListing {
  const list = <T,>(value: T[] | undefined) => (Array.isArray(value) ? value : []);
  return { path: typeof data?.path === 'string' ? data.path : '/', directories: list(data?.directories), documents: list(data?.documents), images: list(data?.images) };
}

/** The media library's reads, as queries keyed by their endpoint and what they send. */
export const mediaQueries = {
  dir: (api: ApiClient, path: string) => queryOptions({ ...endpointQuery(api, 'mediaGetDir', { body: { path } }), select: asListing }),
  search: (api: ApiClient, search: MediaSearch) => queryOptions({ ...endpointQuery(api, 'mediaSearchFiles', { body: { ...search } }), select: asListing }),
  pagesByFile: (api: ApiClient, query: PagesByFileQuery) => endpointQuery(api, 'mediaListPagesByFile', { body: { ...query } }),
};

/** The query keys of every folder read and every search: what moves and deletes read again. */
export const mediaReadKeys = {
  dirs: ['mediaGetDir'] as const,
  searches: ['mediaSearchFiles'] as const,
  dir: (path: string): EndpointKey => ['mediaGetDir', { body: { path } }],
};

/** A listing with a folder or an item added at the end of its group (spec: a new folder is appended). */
export function appendToListing(answered: MediaListing, added: { directory?: ResponseOf<'mediaCreateDir'>; item?: MediaItemView }): MediaListing {
  const listing = asListing(answered);
  const { directory, item } = added;
  const without = (items: MediaItemView[]) => items.filter((each) => each.id !== item?.id);
  return {
    ...listing,
    directories: directory ? [...listing.directories.filter((each) => each.id !== directory.id), { id: directory.id, path: directory.path, folderName: directory.folderName }] : listing.directories,
    documents: item && item.kind === 'document' ? [...without(listing.documents), item] : listing.documents,
    images: item && item.kind !== 'document' ? [...without(listing.images), item] : listing.images,
  };
}

export type EditFileBody = InferType<typeof editFileSchema>;
export type AddVideoBody = InferType<typeof addVideoSchema>;

/** The media library's commands (uploads go through createUploader for their progress). */
export interface MediaCommands {
  createDir(path: string, folderName: string): Promise<ApiReply<ResponseOf<'mediaCreateDir'>>>;
  moveFile(id: string, newPath: string, newFileName: string): Promise<ApiReply<ResponseOf<'mediaMoveFile'>>>;
  editFile(body: EditFileBody): Promise<ApiReply<ResponseOf<'mediaEditFile'>>>;
  moveDirectory(oldPath: string, newPath: string): Promise<ApiReply<ResponseOf<'mediaMoveDirectory'>>>;
  deleteFile(id: string): Promise<ApiReply<ResponseOf<'mediaDeleteFile'>>>;
  deleteDirectory(path: string): Promise<ApiReply<ResponseOf<'mediaDeleteDirectory'>>>;
  addVideo(body: AddVideoBody): Promise<ApiReply<ResponseOf<'mediaAddVideo'>>>;
}

export function createMediaCommands(api: ApiClient): MediaCommands {
  return {
    createDir: (path, folderName) => api.call('mediaCreateDir', { body: { path, folderName } }),
    moveFile: (id, newPath, newFileName) => api.call('mediaMoveFile', { body: { id, newPath, newFileName } }),
    editFile: (body) => api.call('mediaEditFile', { body }),
    moveDirectory: (oldPath, newPath) => api.call('mediaMoveDirectory', { body: { oldPath, newPath } }),
    deleteFile: (id) => api.call('mediaDeleteFile', { body: { id } }),
    deleteDirectory: (path) => api.call('mediaDeleteDirectory', { body: { path } }),
    addVideo: (body) => api.call('mediaAddVideo', { body }),
  };
}

/** Whether an item is shown as a picture (previews exist for these). */
export function isPicture(item: Pick<MediaItemView, 'kind'>): boolean {
  return item.kind === 'image' || item.kind === 'gif' || item.kind === 'svg';
}
