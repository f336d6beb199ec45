import { expect } from 'chai';
import fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../sqlite/open-database';
import { readModelsOverlaid, type Overlay } from './overlay-store';
import type { Doc, FindOptions } from './read-model-store';
import { SqliteReadModelStore } from './sqlite-read-model-store';

const collection = 'things';
const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const docArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    kind: fc.constantFrom('x', 'y', null),
    n: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('p', 'q')),
    title: fc.constantFrom('Alpha', 'beta', 'Gamma ray', 'alphabet', ''),
  });
const findArb: fc.Arbitrary<FindOptions> = fc.record(
  {
    where: fc.option(fc.record({ kind: fc.constantFrom('x', 'y', null) }), { nil: undefined }),
    range: fc.option(fc.constantFrom({ n: { gte: 0 } }, { n: { lt: 2, gt: -2 } }, { n: { gte: 'p' } }), { nil: undefined }),
    search: fc.option(fc.record({ term: fc.constantFrom('alpha', 'RAY', 'a'), fields: fc.constant(['title']) }), { nil: undefined }),
    orderBy: fc.option(fc.record({ field: fc.constantFrom('n', 'title', 'kind'), direction: fc.constantFrom('asc' as const, 'desc' as const) }), { nil: undefined }),
    limit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    offset: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  },
  { requiredKeys: [] },
);

/**
 * The overlay (the view of the site as it will be, issue 17) answers get, getMany, find and count
 * exactly as the store would with its changes written: checked against a second store that has them.
 */
describe('read models with planned changes laid over them (SQLite)', () => {
  let folder: string;
  let db: ReturnType<typeof openDatabase>;
  let base: SqliteReadModelStore;
  let truth: SqliteReadModelStore;
  let dbTruth: ReturnType<typeof openDatabase>;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pagelog-overlay-'));
    db = openDatabase(join(folder, 'base.db'));
    dbTruth = openDatabase(join(folder, 'truth.db'));
    base = new SqliteReadModelStore(db);
    truth = new SqliteReadModelStore(dbTruth);
    await base.ensureCollection(collection, ['kind', 'n']);
    await truth.ensureCollection(collection, ['kind', 'n']);
  });
  after(async () => {
    await base.close();
    await truth.close();
    db.close();
    dbTruth.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('answers as the store with the changes written would', async () => {
    let position = 0;
    const baseDocs = fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 6 }).chain((present) => fc.tuple(...present.map(docArb)));
    const changes = fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 4 }).chain((changed) => fc.tuple(...changed.map((id) => fc.option(docArb(id), { nil: null }).map((doc) => [id, doc] as const))));
    await fc.assert(
      fc.asyncProperty(baseDocs, changes, fc.array(findArb, { minLength: 1, maxLength: 4 }), async (docs, changed, finds) => {
        position += 1;
        const write = async (store: SqliteReadModelStore, withChanges: boolean) =>
          store.commit('overlay-spec', position, async (uow) => {
            for (const id of ids) uow.delete(collection, id);
            for (const doc of docs) uow.put(collection, doc.id, doc);
            if (withChanges) for (const [id, doc] of changed) (doc ? uow.put(collection, id, doc) : uow.delete(collection, id));
          });
        await write(base, false);
        await write(truth, true);
        const overlay: Overlay = new Map([[collection, { docs: new Map<string, Doc | null>(changed.map(([id, doc]) => [id, doc])), idOf: (doc: Doc) => String(doc.id) }]]);
        const view = readModelsOverlaid(base, overlay);
        for (const options of finds) {
          expect(await view.find(collection, options), JSON.stringify(options)).to.deep.equal(await truth.find(collection, options));
          const { where, range, search } = options;
          expect(await view.count(collection, { where, range, search })).to.equal(await truth.count(collection, { where, range, search }));
        }
        expect([...(await view.getMany(collection, ids))]).to.deep.equal([...(await truth.getMany(collection, ids))]);
        for (const id of ids) expect(await view.get(collection, id)).to.deep.equal(await truth.get(collection, id));
      }),
      { numRuns: 150 },
    );
  });

  it('refuses every write, and is no promise', async () => {
    const view = readModelsOverlaid(base, new Map());
    let refused = false;
    await view.commit('x', 1, async () => {}).catch(() => (refused = true));
    expect(refused).to.equal(true);
    expect((view as unknown as { then?: unknown }).then).to.equal(undefined);
  });
});
