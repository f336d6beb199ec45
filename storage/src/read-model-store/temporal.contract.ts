import { expect } from 'chai';
import type { Doc, ReadModelStore } from './read-model-store';

/**
 * History of temporal collections (decision 0005), for every adapter: the state of a document
 * after the event at a position, found by id, by query and counted, at the boundaries of every
 * change.
 */
export function temporalContract(getStore: () => ReadModelStore): void {
  describe('as of a position (temporal collections)', () => {
    const temporal = ['pub'];

    /** One commit of projection `proj` up to `position`, its changes made event by event. */
    async function apply(position: number, changes: [number, (put: (id: string, doc: Doc | null) => void) => void][], expectedPosition?: number): Promise<void> {
      await getStore().commit(
        'proj',
        position,
        async (uow) => {
          for (const [at, change] of changes) {
            uow.at(at);
            change((id, doc) => (doc === null ? uow.delete('pub', id) : uow.put('pub', id, doc)));
          }
        },
        { temporal, ...(expectedPosition === undefined ? {} : { expectedPosition }) },
      );
    }

    beforeEach(async () => {
      await getStore().ensureCollection('pub', ['slug', ['locale', 'date']], { temporal: true });
    });

    it('answers each position with the state that followed the last change at or before it', async () => {
      const store = getStore();
      await apply(10, [
        [3, (put) => put('a', { id: 'a', v: 1 })],
        [7, (put) => put('a', { id: 'a', v: 2 })],
      ]);
      await apply(20, [[12, (put) => put('a', null)]]);
      await apply(30, [[25, (put) => put('a', { id: 'a', v: 3 })]]);
      const at = async (p: number) => ((await store.getAt<{ v: number }>('pub', 'a', p))?.v ?? null);
      expect(await at(2)).to.equal(null);
      expect(await at(3)).to.equal(1);
      expect(await at(6)).to.equal(1);
      expect(await at(7)).to.equal(2);
      expect(await at(11)).to.equal(2);
      expect(await at(12)).to.equal(null);
      expect(await at(24)).to.equal(null);
      expect(await at(25)).to.equal(3);
      expect(await at(1_000)).to.equal(3);
      expect(await store.get('pub', 'a')).to.deep.equal({ id: 'a', v: 3 });
    });

    it('keeps one state per position: the last change at it', async () => {
      const store = getStore();
      await apply(5, [
        [1, (put) => put('a', { id: 'a', v: 1 })],
        [2, (put) => {
          put('a', { id: 'a', v: 2 });
          put('a', { id: 'a', v: 3 });
        }],
        [3, (put) => {
          put('b', { id: 'b', v: 1 });
          put('b', null);
        }],
        [4, (put) => {
          put('a', null);
          put('a', { id: 'a', v: 4 });
        }],
      ]);
      expect((await store.getAt<{ v: number }>('pub', 'a', 1))?.v).to.equal(1);
      expect((await store.getAt<{ v: number }>('pub', 'a', 2))?.v).to.equal(3);
      expect((await store.getAt<{ v: number }>('pub', 'a', 3))?.v).to.equal(3);
      expect((await store.getAt<{ v: number }>('pub', 'a', 4))?.v).to.equal(4);
      expect(await store.getAt('pub', 'b', 3)).to.equal(null);
      expect(await store.getAt('pub', 'b', 5)).to.equal(null);
    });

    it('reads a put of the same state again as no change, and a put of a new one as a change at its position', async () => {
      const store = getStore();
      await apply(2, [[1, (put) => put('a', { id: 'a', v: 1, list: [1, 2] })]]);
      await apply(4, [[3, (put) => put('a', { list: [1, 2], v: 1, id: 'a' })]]);
      await apply(6, [[5, (put) => put('a', { id: 'a', v: 2, list: [1, 2] })]]);
      expect((await store.getAt<{ v: number }>('pub', 'a', 3))?.v).to.equal(1);
      expect((await store.getAt<{ v: number }>('pub', 'a', 4))?.v).to.equal(1);
      expect((await store.getAt<{ v: number }>('pub', 'a', 5))?.v).to.equal(2);
    });

    it('records a change made before any position at the commit\'s position', async () => {
      const store = getStore();
      await store.commit('proj', 9, async (uow) => uow.put('pub', 'a', { id: 'a' }), { temporal });
      expect(await store.getAt('pub', 'a', 8)).to.equal(null);
      expect(await store.getAt('pub', 'a', 9)).to.deep.equal({ id: 'a' });
    });

    it('finds, counts and reads several documents as of a position, with where, order and limit', async () => {
      const store = getStore();
      await apply(10, [
        [1, (put) => put('p1', { id: 'p1', slug: 'one', locale: 'nl', date: '2026-01-01' })],
        [2, (put) => put('p2', { id: 'p2', slug: 'two', locale: 'nl', date: '2026-02-01' })],
        [3, (put) => put('p3', { id: 'p3', slug: 'three', locale: 'en', date: '2026-03-01' })],
        [4, (put) => put('p1', { id: 'p1', slug: 'first', locale: 'nl', date: '2026-01-01' })],
        [5, (put) => put('p2', null)],
      ]);
      const ids = (docs: Doc[]) => docs.map((d) => d.id);
      expect(ids(await store.findAt('pub', 3, { where: { locale: 'nl' }, orderBy: { field: 'date', direction: 'desc' } }))).to.deep.equal(['p2', 'p1']);
      expect(ids(await store.findAt('pub', 5, { where: { locale: 'nl' }, orderBy: { field: 'date', direction: 'desc' } }))).to.deep.equal(['p1']);
      expect(ids(await store.findAt('pub', 3, { where: { slug: 'one' } }))).to.deep.equal(['p1']);
      expect(ids(await store.findAt('pub', 4, { where: { slug: 'one' } }))).to.deep.equal([]);
      expect(ids(await store.findAt('pub', 4, { where: { slug: 'first' } }))).to.deep.equal(['p1']);
      expect(ids(await store.findAt('pub', 4, { orderBy: { field: 'date', direction: 'asc' }, limit: 2, offset: 1 }))).to.deep.equal(['p2', 'p3']);
      expect(ids(await store.findAt('pub', 4, { range: { date: { gte: '2026-02-01' } } }))).to.deep.equal(['p2', 'p3']);
      expect(ids(await store.findAt('pub', 4, { search: { term: 'FIR', fields: ['slug'] } }))).to.deep.equal(['p1']);
      expect(await store.countAt('pub', 2, { where: { locale: 'nl' } })).to.equal(2);
      expect(await store.countAt('pub', 5)).to.equal(2);
      expect(await store.countAt('pub', 0)).to.equal(0);
      const many = await store.getManyAt<{ slug: string }>('pub', ['p1', 'p2', 'p3', 'nope'], 3);
      expect([...many.keys()].sort()).to.deep.equal(['p1', 'p2', 'p3']);
      expect(many.get('p1')?.slug).to.equal('one');
      expect([...(await store.getManyAt('pub', ['p1', 'p2'], 5)).keys()]).to.deep.equal(['p1']);
    });

    it('keeps no history of a collection the commit does not name as temporal', async () => {
      const store = getStore();
      await store.commit('proj', 3, async (uow) => {
        uow.at(2);
        uow.put('plain', 'x', { id: 'x' });
      });
      expect(await store.get('plain', 'x')).to.deep.equal({ id: 'x' });
      expect(await store.getAt('plain', 'x', 3)).to.equal(null);
      expect(await store.findAt('plain', 3)).to.deep.equal([]);
    });

    it('writes no history when the commit finds its checkpoint moved', async () => {
      const store = getStore();
      await apply(5, [[5, (put) => put('a', { id: 'a', v: 1 })]]);
      let refused = false;
      await apply(9, [[8, (put) => put('a', { id: 'a', v: 2 })]], 0).catch(() => (refused = true));
      expect(refused).to.equal(true);
      expect((await store.getAt<{ v: number }>('pub', 'a', 9))?.v).to.equal(1);
    });

    it('clears the history with a reset, and gives a rebuild\'s history with the swap', async () => {
      const store = getStore();
      await apply(5, [[4, (put) => put('a', { id: 'a', v: 'old' })]]);
      await store.commit(
        'proj~shadow',
        6,
        async (uow) => {
          uow.at(2);
          uow.put('pub~shadow', 'a', { id: 'a', v: 'rebuilt' });
          uow.at(6);
          uow.put('pub~shadow', 'a', { id: 'a', v: 'rebuilt later' });
        },
        { temporal: ['pub~shadow'] },
      );
      // Until the swap, as of a position reads the live history only.
      expect((await store.getAt<{ v: string }>('pub', 'a', 3))).to.equal(null);
      expect(await store.swap('proj', 'proj~shadow', [{ live: 'pub', shadow: 'pub~shadow' }])).to.equal(true);
      expect((await store.getAt<{ v: string }>('pub', 'a', 3))?.v).to.equal('rebuilt');
      expect((await store.getAt<{ v: string }>('pub', 'a', 6))?.v).to.equal('rebuilt later');
      expect(await store.getAt('pub~shadow', 'a', 6)).to.equal(null);
      await store.reset('proj', ['pub']);
      expect(await store.getAt('pub', 'a', 6)).to.equal(null);
      expect(await store.findAt('pub', 6)).to.deep.equal([]);
    });
  });
}
