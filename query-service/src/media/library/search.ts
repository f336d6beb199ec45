import { mediaNameKey, ROOT_FOLDER_ID, type MediaListing } from '@pagelog/contracts/media/media';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import type { FindOptions, ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { byName, folderPaths, folders, items, listing, type Folder } from './views';

/**
 * At most this many items and this many folders in one answer, the first by name: a search that
 * matches more (an empty term in a large library) is narrowed by typing more, not scrolled.
 */
export const MAX_FOUND = 1000;

/**
 * Up to this many folders (the top one and those below it), items are read folder by folder, each
 * through the parentId index; a larger branch is read in name order, a page at a time, until the
 * answer is full. Neither reads every item of the library at once.
 */
const FOLDER_BY_FOLDER = 64;
const PAGE = 2000;

/** The limits above; a spec sets smaller ones to reach each way with a few documents. */
export interface SearchLimits {
  maxFound: number;
  folderByFolder: number;
  page: number;
}
const limits: SearchLimits = { maxFound: MAX_FOUND, folderByFolder: FOLDER_BY_FOLDER, page: PAGE };

export interface SearchRequest {
  searchTerm: string;
  withoutAltText: boolean;
}

type ItemFilter = Pick<FindOptions, 'where' | 'search'>;
const nameOrder = { orderBy: { field: 'nameKey', direction: 'asc' as const } };

/** The folders below `top` (not `top` itself), found by the start of their paths. */
async function foldersBelow(store: ReadModelStore, top: Folder): Promise<MediaFolderDoc[]> {
  const prefix = `${top.pathKey}/`;
  // A substring search finds the candidates in one read; the prefix test drops the odd folder
  // elsewhere whose path holds the same text further along.
  const candidates = await store.find<MediaFolderDoc>(folders, { search: { term: prefix, fields: ['pathKey'] } });
  return candidates.filter((f) => f.pathKey !== null && f.pathKey.startsWith(prefix));
}

/**
 * The matching items of a few folders: at most MAX_FOUND + 1 of each, unsorted (in name order
 * SQLite would walk the name index of the whole library); a folder with more matches than an
 * answer holds is read again in name order, so its first by name are the ones kept.
 */
async function itemsFolderByFolder(store: ReadModelStore, folderIds: readonly string[], filter: ItemFilter, { maxFound }: SearchLimits): Promise<MediaItemDoc[]> {
  const perFolder = await Promise.all(
    folderIds.map(async (parentId) => {
      const where = { ...filter.where, parentId };
      const found = await store.find<MediaItemDoc>(items, { ...filter, where, limit: maxFound + 1 });
      return found.length <= maxFound ? found : store.find<MediaItemDoc>(items, { ...filter, where, ...nameOrder, limit: maxFound });
    }),
  );
  return perFolder.flat();
}

/** The first matching items by name (as many as an answer holds) that are in one of the `known` folders, read a page at a time. */
async function itemsPageByPage(store: ReadModelStore, known: ReadonlyMap<string, string>, filter: ItemFilter, { maxFound, page }: SearchLimits): Promise<MediaItemDoc[]> {
  const found: MediaItemDoc[] = [];
  for (let offset = 0; found.length < maxFound; offset += page) {
    const read = await store.find<MediaItemDoc>(items, { ...filter, ...nameOrder, limit: page, offset });
    found.push(...read.filter((d) => known.has(d.parentId)));
    if (read.length < page) break;
  }
  return found;
}

/**
 * search-files: the folders and items whose name holds the term (whatever its case) in `top` and
 * every folder below it, or with `withoutAltText` only the images there that have no alternative
 * text (and no folders). An empty term matches every name.
 */
export async function searchFiles(store: ReadModelStore, top: Folder, request: SearchRequest, tuning: Partial<SearchLimits> = {}): Promise<MediaListing> {
  const limit: SearchLimits = { ...limits, ...tuning };
  const term = mediaNameKey(request.searchTerm.trim());
  const itemFilter: ItemFilter = {
    ...(request.withoutAltText ? { where: { missingAltText: true } } : {}),
    ...(term !== '' ? { search: { term, fields: ['nameKey'] } } : {}),
  };

  if (top.id === ROOT_FOLDER_ID) {
    const [folderDocs, itemDocs] = await Promise.all([
      request.withoutAltText
        ? Promise.resolve([])
        : store.find<MediaFolderDoc>(folders, { ...(term !== '' ? { search: { term, fields: ['nameKey'] } } : {}), ...nameOrder, limit: limit.maxFound }),
      store.find<MediaItemDoc>(items, { ...itemFilter, ...nameOrder, limit: limit.maxFound }),
    ]);
    return listing('/', folderDocs, itemDocs, await folderPaths(store, itemDocs));
  }

  const below = await foldersBelow(store, top);
  const known = new Map([[top.id, top.path], ...below.map((f) => [f.id, f.path] as const)]);
  const itemDocs =
    known.size <= limit.folderByFolder ? await itemsFolderByFolder(store, [...known.keys()], itemFilter, limit) : await itemsPageByPage(store, known, itemFilter, limit);
  itemDocs.sort(byName);
  const folderDocs = request.withoutAltText ? [] : below.filter((f) => f.nameKey.includes(term)).sort(byName).slice(0, limit.maxFound);
  return listing(top.path, folderDocs, itemDocs.slice(0, limit.maxFound), known);
}
