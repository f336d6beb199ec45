import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { childPath, mediaNameKey, ROOT_FOLDER_ID } from '@pagelog/contracts/media/media';
import type { MediaFolderDoc, MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { searchFiles } from './search';
import { folderAt, folders, items } from './views';

const folderDoc = (id: string, parentId: string, parentPath: string, name: string): MediaFolderDoc => {
  const path = childPath(parentPath, name);
  return { id, parentId, name, nameKey: mediaNameKey(name), path, pathKey: mediaNameKey(path), childFolderIds: [], revision: 1, createdAt: '', updatedAt: '' };
};
const itemDoc = (id: string, parentId: string, fileName: string, defaultAltText = 'alt'): MediaItemDoc => ({
  id,
  parentId,
  fileName,
  nameKey: mediaNameKey(fileName),
  kind: 'image',
  hash: id.padEnd(64, '0'),
  contentType: 'image/jpeg',
  size: 1,
  width: 1,
  height: 1,
  defaultAltText,
  missingAltText: defaultAltText === '',
  shared: false,
  focalPoint: null,
  videoId: null,
  link: null,
  revision: 1,
  createdAt: '',
  updatedAt: '',
});

/**
 * search-files below a folder, on the store: a branch of a few folders is read folder by folder,
 * a larger one in one read; both must find the same kind of answer, and the nearby folder whose
 * path merely starts with the same text is not "below".
 */
describe('searching the media library below a folder', () => {
  let dir: string;
  let db: SqliteDatabase;
  let store: SqliteReadModelStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-media-search-'));
    db = openDatabase(join(dir, 'p.db'));
    store = new SqliteReadModelStore(db);
    await store.ensureCollection(folders, ['parentId', 'pathKey', 'nameKey']);
    await store.ensureCollection(items, ['parentId', 'hash', 'nameKey']);
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** /Klein (2 folders below), /Groot (30 below, in three chains of ten), /Grootte (a neighbour) and the root. */
  async function library() {
    await store.commit('test', 1, async (uow) => {
      const put = (doc: MediaFolderDoc | MediaItemDoc, collection: string) => uow.put(collection, doc.id, doc);
      put(folderDoc('klein', ROOT_FOLDER_ID, '/', 'Klein'), folders);
      put(folderDoc('groot', ROOT_FOLDER_ID, '/', 'Groot'), folders);
      put(folderDoc('grootte', ROOT_FOLDER_ID, '/', 'Grootte'), folders);
      for (let i = 0; i < 2; i++) {
        put(folderDoc(`k${i}`, 'klein', '/Klein', `Deel ${i}`), folders);
        put(itemDoc(`ki${i}`, `k${i}`, `Zomer ${i}.jpg`, i === 0 ? '' : 'alt'), items);
      }
      const paths = new Map([['groot', '/Groot']]);
      for (let i = 0; i < 30; i++) {
        // Chains of ten, each folder inside the one before.
        const parent = i % 10 === 0 ? 'groot' : `g${i - 1}`;
        const folder = folderDoc(`g${i}`, parent, paths.get(parent)!, `Zomer map ${i}`);
        paths.set(folder.id, folder.path);
        put(folder, folders);
        put(itemDoc(`gi${i}`, `g${i}`, `zomer ${String(i).padStart(2, '0')}.jpg`, i % 3 === 0 ? '' : 'alt'), items);
      }
      put(itemDoc('buren', 'grootte', 'Zomer buren.jpg'), items);
      put(itemDoc('wortel', ROOT_FOLDER_ID, 'Zomer wortel.jpg'), items);
    });
  }
  const names = (list: { fileName?: string; folderName?: string }[]) => list.map((x) => x.fileName ?? x.folderName);

  it('reads a small branch folder by folder', async () => {
    await library();
    const found = await searchFiles(store, await folderAt(store, '/Klein', 'directory'), { searchTerm: 'ZOMER', withoutAltText: false });
    expect(names(found.images)).to.deep.equal(['Zomer 0.jpg', 'Zomer 1.jpg']);
    expect(found.directories).to.deep.equal([]);
    const missing = await searchFiles(store, await folderAt(store, '/klein', 'directory'), { searchTerm: '', withoutAltText: true });
    expect(names(missing.images)).to.deep.equal(['Zomer 0.jpg']);
  });

  // Folder by folder (the default for 31 folders), and page by page in name order (as a branch of many folders is read).
  for (const [way, tuning] of [
    ['folder by folder', {}],
    ['page by page', { folderByFolder: 16, page: 7 }],
  ] as const) {
    it(`reads a large branch ${way}, with the folders below it but not its neighbour's`, async () => {
      await library();
      const found = await searchFiles(store, await folderAt(store, '/Groot', 'directory'), { searchTerm: 'zomer', withoutAltText: false }, tuning);
      expect(found.images).to.have.length(30);
      expect(found.images[0]).to.include({ fileName: 'zomer 00.jpg', path: '/Groot/Zomer map 0' });
      expect(names(found.images)).to.not.include('Zomer buren.jpg');
      expect(found.directories).to.have.length(30);
      const missing = await searchFiles(store, await folderAt(store, '/Groot', 'directory'), { searchTerm: '', withoutAltText: true }, tuning);
      expect(names(missing.images)).to.deep.equal(['zomer 00.jpg', 'zomer 03.jpg', 'zomer 06.jpg', 'zomer 09.jpg', 'zomer 12.jpg', 'zomer 15.jpg', 'zomer 18.jpg', 'zomer 21.jpg', 'zomer 24.jpg', 'zomer 27.jpg']);
      expect(missing.directories).to.deep.equal([]);
    });

    it(`answers ${way} with at most a full answer, the first by name, also when one folder alone holds more`, async () => {
      await library();
      // Eight more in one folder of the branch, named to sort before and after what is there, with
      // ids in the opposite order (a read that is not in name order meets the last names first).
      await store.commit('test', 2, async (uow) => {
        ['a', 'b', 'c', 'd', 'x', 'y', 'z', 'zz'].forEach((n, i) => uow.put(items, `e${8 - i}`, itemDoc(`e${8 - i}`, 'g5', `${n} zomer.jpg`)));
      });
      const found = await searchFiles(store, await folderAt(store, '/Groot', 'directory'), { searchTerm: 'zomer', withoutAltText: false }, { ...tuning, maxFound: 6 });
      expect(names(found.images)).to.deep.equal(['a zomer.jpg', 'b zomer.jpg', 'c zomer.jpg', 'd zomer.jpg', 'x zomer.jpg', 'y zomer.jpg']);
      expect(found.directories).to.have.length(6);
    });
  }

  it('searches the whole library from the root, each item with its folder\'s path', async () => {
    await library();
    const found = await searchFiles(store, await folderAt(store, '/', 'directory'), { searchTerm: 'zomer', withoutAltText: false });
    expect(found.images).to.have.length(34);
    expect(found.images.find((i) => i.fileName === 'Zomer wortel.jpg')).to.include({ path: '/' });
    expect(found.images.find((i) => i.fileName === 'Zomer buren.jpg')).to.include({ path: '/Grootte' });
  });
});
