import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps } from '../../core/query-deps';
import { readYourWrites } from '../../core/read-your-writes';
import { itemFromHistory } from './item-from-history';
import { pagesByFile, referenceKeyOf } from './pages-by-file';
import { searchFiles } from './search';
import { folderAt, folders, items, listing, MEDIA_MODEL } from './views';

/** The media library's reads (spec section 7): a folder's contents, a search below a folder, and where a file is used. */
export function mediaLibraryRoutes(deps: QueryDeps): EndpointRoute[] {
  const store = deps.readModels;
  const library = readYourWrites(deps, [readModels.mediaFolders.projection]);
  const usage = readYourWrites(deps, [readModels.mediaFolders.projection, readModels.mediaUsage.projection]);

  return [
    query('mediaGetDir', library, async (_ctx, { path }) => {
      const folder = await folderAt(store, path, 'path');
      // Sorted here, not by the store: asked for both, SQLite walks the name index through the
      // whole library (it has no statistics to prefer the parentId index and sort one folder).
      const where = { parentId: folder.id };
      const [folderDocs, itemDocs] = await Promise.all([store.find<MediaFolderDoc>(folders, { where }), store.find<MediaItemDoc>(items, { where })]);
      return listing(folder.path, folderDocs, itemDocs, new Map([[folder.id, folder.path]]));
    }),

    query('mediaSearchFiles', library, async (_ctx, q) => {
      const top = await folderAt(store, q.directory, 'directory');
      return searchFiles(store, top, { searchTerm: q.searchTerm, withoutAltText: q.withoutAltText });
    }),

    query('mediaListPagesByFile', usage, async (_ctx, q) => {
      // A deleted item is answered from its history: published pages may still show it, and "used at a date" reaches back before the delete.
      const item = (await store.get<MediaItemDoc>(items, q.fileID)) ?? (await itemFromHistory(deps.eventStore, q.fileID));
      if (!item) throw new NotFoundError('V_12', 'fileID', MEDIA_MODEL);
      return pagesByFile(store, referenceKeyOf(item), q);
    }),
  ];
}
