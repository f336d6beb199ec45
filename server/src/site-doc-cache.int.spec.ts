import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { SiteDocCache } from './site-doc-cache';

describe('the embedded site\'s document cache', () => {
  let dir: string;
  let db: SqliteDatabase;
  let store: SqliteReadModelStore;
  let position = 0;
  const write = (id: string, title: string) => store.commit('test', ++position, async (uow) => uow.put('public_pages', id, { id, slug: id, title }));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-site-docs-'));
    db = openDatabase(join(dir, 'p.db'));
    store = new SqliteReadModelStore(db);
    await store.ensureCollection('public_pages', ['slug']);
    await write('a', 'Over ons');
    await write('b', 'Contact');
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers reads from memory until it is cleared, then reads the store again', async () => {
    const docs = new SiteDocCache();
    const reads = docs.over(store);
    expect((await reads.get('public_pages', 'a'))?.title).to.equal('Over ons');
    expect((await reads.find('public_pages', { where: { slug: 'b' } })).map((doc) => doc.title)).to.deep.equal(['Contact']);
    await write('a', 'Wie wij zijn');
    await write('b', 'Bel ons');
    // Not cleared yet: what it read before (b was found, never read by id: read now).
    expect((await reads.get('public_pages', 'a'))?.title).to.equal('Over ons');
    expect((await reads.find('public_pages', { where: { slug: 'b' } })).map((doc) => doc.title)).to.deep.equal(['Contact']);
    expect([...(await reads.getMany('public_pages', ['a', 'b', 'none'])).values()].map((doc) => doc.title)).to.deep.equal(['Over ons', 'Bel ons']);
    docs.clear();
    expect((await reads.get('public_pages', 'a'))?.title).to.equal('Wie wij zijn');
    expect((await reads.find('public_pages', { where: { slug: 'b' } })).map((doc) => doc.title)).to.deep.equal(['Bel ons']);
  });

  it("never keeps what a release's preview reads that changes without a site change: the editors' pages and menus", async () => {
    const docs = new SiteDocCache();
    const reads = docs.over(store);
    for (const collection of ['pages', 'menus']) {
      await store.ensureCollection(collection, []);
      const put = (title: string) => store.commit('test', ++position, async (uow) => uow.put(collection, 'a', { id: 'a', title }));
      await put('Concept');
      expect((await reads.get(collection, 'a'))?.title).to.equal('Concept');
      await put('Concept, herzien');
      expect((await reads.get(collection, 'a'))?.title, collection).to.equal('Concept, herzien');
    }
  });

  it('does not keep an answer whose read began before a clear', async () => {
    const docs = new SiteDocCache();
    let release!: () => void;
    const slow = docs.read('key', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'old';
    });
    docs.clear();
    release();
    expect(await slow).to.equal('old');
    expect(await docs.read('key', async () => 'new')).to.equal('new');
    expect(await docs.read('key', async () => 'newer')).to.equal('new');
  });

  it('keeps at most its number of entries, dropping the least recently read', async () => {
    const docs = new SiteDocCache(2);
    await docs.read('one', async () => 1);
    await docs.read('two', async () => 2);
    await docs.read('one', async () => 0);
    await docs.read('three', async () => 3);
    expect(docs.size).to.equal(2);
    expect(await docs.read('one', async () => -1)).to.equal(1);
    expect(await docs.read('two', async () => -2)).to.equal(-2);
  });

  it('passes every other call through to the store', async () => {
    const reads = new SiteDocCache().over(store);
    expect(await reads.count('public_pages')).to.equal(2);
    expect((await reads.getCheckpoint('test')).position).to.equal(position);
  });
});
