import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { readModels, SETTINGS_DOC_ID } from '@pagelog/contracts/read-models';
import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { settingsImageGroups, type SettingsDoc, type SettingsImageGroup } from '@pagelog/contracts/settings/site-settings';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { QueryDeps } from '../../core/query-deps';
import { siteOf } from '../../settings/views';
import { readYourWrites } from '../../core/read-your-writes';
import { itemFromHistory } from './item-from-history';
import { pagesByFile, referenceKeyOf } from './pages-by-file';
import { searchFiles } from './search';
import { folderAt, folders, items, listing, MEDIA_MODEL } from './views';

/** Which images of the site settings name the item now (none before the settings exist). */
async function settingsUsesOf(store: ReadModelStore, mediaId: string): Promise<SettingsImageGroup[]> {
  const doc = await store.get<SettingsDoc>(readModels.settings.collection, SETTINGS_DOC_ID);
  if (!doc) return [];
  const site = siteOf(doc);
  return settingsImageGroups.filter((group) => (group === 'logo' ? site.logo : site.defaultSeoImage)?.mediaId === mediaId);
}

/** The media library's reads (spec section 7): a folder's contents, a search below a folder, and where a file is used. */
export function mediaLibraryRoutes(deps: QueryDeps): EndpointRoute[] {
  const store = deps.readModels;
  const library = readYourWrites(deps, [readModels.mediaFolders.projection]);
  const usage = readYourWrites(deps, [readModels.mediaFolders.projection, readModels.mediaUsage.projection, readModels.settings.projection]);

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
      const [pages, settingsUses] = await Promise.all([pagesByFile(store, referenceKeyOf(item), q), q.at ? [] : settingsUsesOf(store, q.fileID)]);
      return { ...pages, settingsUses };
    }),
  ];
}
