import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { readScope } from './read-scope';

/** The store's reads, counted by kind, through to a real store. */
function counting(store: ReadModelStore): { store: ReadModelStore; calls: string[] } {
  const calls: string[] = [];
  const counted = new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'get' || property === 'find' || property === 'getMany') calls.push(`${property} ${JSON.stringify(args)}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: counted, calls };
}

describe('a read scope (one answer\'s reads of the read models)', () => {
  let dir: string;
  let db: SqliteDatabase;
  let sqlite: SqliteReadModelStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-read-scope-'));
    db = openDatabase(join(dir, 'p.db'));
    sqlite = new SqliteReadModelStore(db);
    await sqlite.ensureCollection('pages', ['slug']);
    await sqlite.commit('test', 1, async (uow) => {
      uow.put('pages', 'a', { id: 'a', slug: 'over-ons', title: 'Over ons' });
      uow.put('pages', 'b', { id: 'b', slug: 'contact', title: 'Contact' });
      uow.put('settings', 'settings', { id: 'settings', defaultLocale: 'nl-nl' });
    });
  });
  afterEach(async () => {
    await sqlite.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a document asked for twice by id once, and answers it both times', async () => {
    const { store, calls } = counting(sqlite);
    const scope = readScope(store);
    const [first, second] = await Promise.all([scope.get('settings', 'settings'), scope.get('settings', 'settings')]);
    expect(first).to.deep.equal({ id: 'settings', defaultLocale: 'nl-nl' });
    expect(second).to.equal(first);
    expect(await scope.get('settings', 'none')).to.equal(null);
    expect(await scope.get('settings', 'none')).to.equal(null);
    expect(calls).to.deep.equal(['get ["settings","settings"]', 'get ["settings","none"]']);
  });

  it('answers a document a find found without reading it again, and runs the same find once', async () => {
    const { store, calls } = counting(sqlite);
    const scope = readScope(store);
    const found = await scope.find('pages', { where: { slug: 'over-ons' }, limit: 1 });
    expect(found.map((doc) => doc.title)).to.deep.equal(['Over ons']);
    expect(await scope.get('pages', 'a')).to.equal(found[0]);
    expect(await scope.find('pages', { where: { slug: 'over-ons' }, limit: 1 })).to.equal(found);
    // Another find is another read.
    expect((await scope.find('pages', { where: { slug: 'contact' } })).map((doc) => doc.id)).to.deep.equal(['b']);
    expect(calls.map((call) => call.split(' ')[0])).to.deep.equal(['find', 'find']);
  });

  it('reads only the documents of getMany it has not read yet, and leaves out those that are not there', async () => {
    const { store, calls } = counting(sqlite);
    const scope = readScope(store);
    await scope.get('pages', 'a');
    const many = await scope.getMany('pages', ['a', 'b', 'zz', 'b']);
    expect([...many.keys()]).to.deep.equal(['a', 'b']);
    expect(calls).to.deep.equal(['get ["pages","a"]', 'getMany ["pages",["b","zz"]]']);
  });

  it('keeps nothing between scopes: a new scope reads what was written since', async () => {
    const before = await readScope(sqlite).get('pages', 'a');
    await sqlite.commit('test', 2, async (uow) => uow.put('pages', 'a', { id: 'a', slug: 'over-ons', title: 'Wie wij zijn' }));
    const after = await readScope(sqlite).get('pages', 'a');
    expect([before?.title, after?.title]).to.deep.equal(['Over ons', 'Wie wij zijn']);
  });

  it('passes every other call through to the store', async () => {
    const scope = readScope(sqlite);
    expect(await scope.count('pages')).to.equal(2);
    expect((await scope.getCheckpoint('test')).position).to.equal(1);
  });
});
