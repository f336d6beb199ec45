import { expect } from 'chai';
import { leaseContract } from './lease.contract';
import { temporalContract } from './temporal.contract';
import { CheckpointMovedError, type Doc, type ProjectionError, type ReadModelStore } from './read-model-store';

export interface OpenedReadModelStore {
  store: ReadModelStore;
  cleanup: () => Promise<void>;
}

/**
 * The behaviour every read-model adapter must show. `open` returns an empty store of its own
 * (a fresh file or schema) and how to dispose of it.
 */
export function readModelStoreContract(adapterName: string, open: () => Promise<OpenedReadModelStore>): void {
  describe(`read-model store contract: ${adapterName}`, () => {
    let store: ReadModelStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    /** Commits documents as projection `seed` at `position`. */
    async function seed(collection: string, docs: Record<string, Doc>, position = 1): Promise<void> {
      await store.commit('seed', position, async (uow) => {
        for (const [id, doc] of Object.entries(docs)) uow.put(collection, id, doc);
      });
    }

    leaseContract(() => store);
    temporalContract(() => store);

    describe('when a projection commits documents', () => {
      it('reads back nested JSON exactly as it was written', async () => {
        const doc = {
          title: 'Über "quotes" and \\backslashes\\ and 日本語 🚀',
          revision: 3,
          ratio: 0.25,
          negative: -7,
          published: true,
          archived: false,
          deletedAt: null,
          tags: ['a', 'b', { nested: [1, 2, [3]] }],
          blocks: [{ type: 'text', data: { html: "<p>it's</p>", empty: {} } }],
        };
        await store.commit('page-overview', 1, async (uow) => uow.put('pages', 'p1', doc));
        expect(await store.get('pages', 'p1')).to.deep.equal(doc);
      });

      it('reads an unknown document as null', async () => {
        expect(await store.get('pages', 'missing')).to.equal(null);
      });

      it('stores the documents and the checkpoint together', async () => {
        await store.commit('page-overview', 7, async (uow) => {
          uow.put('pages', 'p1', { title: 'One' });
          uow.put('pages', 'p2', { title: 'Two' });
        });
        expect(await store.get('pages', 'p1')).to.deep.equal({ title: 'One' });
        expect(await store.get('pages', 'p2')).to.deep.equal({ title: 'Two' });
        const checkpoint = await store.getCheckpoint('page-overview');
        expect(checkpoint.position).to.equal(7);
        expect(checkpoint.error).to.equal(null);
        expect(Number.isNaN(Date.parse(checkpoint.updatedAt ?? ''))).to.equal(false);
      });

      it('replaces a document put again under the same id', async () => {
        await store.commit('page-overview', 1, async (uow) => uow.put('pages', 'p1', { title: 'Old', extra: 1 }));
        await store.commit('page-overview', 2, async (uow) => uow.put('pages', 'p1', { title: 'New' }));
        expect(await store.get('pages', 'p1')).to.deep.equal({ title: 'New' });
      });

      it('keeps the same id apart in different collections', async () => {
        await store.commit('page-overview', 1, async (uow) => {
          uow.put('pages', 'x', { kind: 'page' });
          uow.put('menus', 'x', { kind: 'menu' });
        });
        expect(await store.get('pages', 'x')).to.deep.equal({ kind: 'page' });
        expect(await store.get('menus', 'x')).to.deep.equal({ kind: 'menu' });
      });

      it('deletes a document', async () => {
        await seed('pages', { p1: { title: 'One' }, p2: { title: 'Two' } });
        await store.commit('page-overview', 2, async (uow) => uow.delete('pages', 'p1'));
        expect(await store.get('pages', 'p1')).to.equal(null);
        expect(await store.get('pages', 'p2')).to.deep.equal({ title: 'Two' });
        expect(await store.count('pages')).to.equal(1);
      });
    });

    describe('when the work of a commit throws', () => {
      it('writes neither documents nor checkpoint and passes the error on', async () => {
        await store.commit('page-overview', 3, async (uow) => uow.put('pages', 'a', { title: 'A' }));
        const failure = new Error('handler failed');
        let caught: unknown;
        try {
          await store.commit('page-overview', 5, async (uow) => {
            uow.put('pages', 'b', { title: 'B' });
            uow.put('pages', 'a', { title: 'changed' });
            uow.delete('pages', 'a');
            await new Promise((resolve) => setTimeout(resolve, 5));
            throw failure;
          });
        } catch (error) {
          caught = error;
        }
        expect(caught).to.equal(failure);
        expect(await store.get('pages', 'a')).to.deep.equal({ title: 'A' });
        expect(await store.get('pages', 'b')).to.equal(null);
        expect((await store.getCheckpoint('page-overview')).position).to.equal(3);
      });
    });

    describe('inside a unit of work', () => {
      it('reads its own earlier puts and deletes before the commit', async () => {
        await seed('pages', { kept: { title: 'Kept' }, gone: { title: 'Gone' } });
        const seen: Record<string, unknown> = {};
        await store.commit('page-overview', 2, async (uow) => {
          uow.put('pages', 'new', { title: 'New', n: 1 });
          seen.new = await uow.get('pages', 'new');
          uow.put('pages', 'new', { title: 'New', n: 2 });
          seen.newAgain = await uow.get('pages', 'new');
          uow.delete('pages', 'gone');
          seen.gone = await uow.get('pages', 'gone');
          uow.put('pages', 'brief', { title: 'Brief' });
          uow.delete('pages', 'brief');
          seen.brief = await uow.get('pages', 'brief');
          seen.kept = await uow.get('pages', 'kept');
          seen.outsideBeforeCommit = await store.get('pages', 'new');
        });
        expect(seen).to.deep.equal({
          new: { title: 'New', n: 1 },
          newAgain: { title: 'New', n: 2 },
          gone: null,
          brief: null,
          kept: { title: 'Kept' },
          outsideBeforeCommit: null,
        });
        expect(await store.get('pages', 'new')).to.deep.equal({ title: 'New', n: 2 });
        expect(await store.get('pages', 'gone')).to.equal(null);
        expect(await store.get('pages', 'brief')).to.equal(null);
      });

      it('commits the last document put for an id, after a delete too', async () => {
        await store.commit('page-overview', 1, async (uow) => {
          uow.put('pages', 'p1', { title: 'First' });
          uow.delete('pages', 'p1');
          uow.put('pages', 'p1', { title: 'Last' });
          expect(await uow.get('pages', 'p1')).to.deep.equal({ title: 'Last' });
        });
        expect(await store.get('pages', 'p1')).to.deep.equal({ title: 'Last' });
      });
    });

    describe('when a commit names the checkpoint it started from', () => {
      it('commits while the checkpoint is still there, from 0 for a new projection', async () => {
        await store.commit('page-overview', 3, async (uow) => uow.put('pages', 'a', { n: 1 }), { expectedPosition: 0 });
        await store.commit('page-overview', 5, async (uow) => uow.put('pages', 'a', { n: 2 }), { expectedPosition: 3 });
        expect((await store.getCheckpoint('page-overview')).position).to.equal(5);
        expect(await store.get('pages', 'a')).to.deep.equal({ n: 2 });
      });

      it('writes nothing and says so when someone else moved the checkpoint meanwhile', async () => {
        await store.commit('page-overview', 3, async (uow) => uow.put('pages', 'a', { n: 1 }));
        const error = await store
          .commit('page-overview', 9, async (uow) => uow.put('pages', 'a', { n: 99 }), { expectedPosition: 0 })
          .then(() => null, (e: unknown) => e);
        expect(error).to.be.instanceOf(CheckpointMovedError);
        expect(error).to.include({ projection: 'page-overview', expectedPosition: 0, actualPosition: 3 });
        expect((await store.getCheckpoint('page-overview')).position).to.equal(3);
        expect(await store.get('pages', 'a')).to.deep.equal({ n: 1 });
      });

      it('lets exactly one of two racing commits from the same checkpoint win', async () => {
        const outcomes = await Promise.allSettled(
          [1, 2].map((n) => store.commit('page-overview', 10 + n, async (uow) => uow.put('pages', 'race', { n }), { expectedPosition: 0 })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
        const lost = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
        expect(lost.reason).to.be.instanceOf(CheckpointMovedError);
        const winner = outcomes.findIndex((o) => o.status === 'fulfilled') + 1;
        expect(await store.get('pages', 'race')).to.deep.equal({ n: winner });
        expect((await store.getCheckpoint('page-overview')).position).to.equal(10 + winner);
      });
    });

    describe('when several documents are read at once', () => {
      it('answers the documents that exist, by id, and leaves out the others', async () => {
        await store.commit('page-overview', 1, async (uow) => {
          uow.put('pages', 'a', { title: 'A' });
          uow.put('pages', 'b', { title: 'B' });
          uow.put('other', 'a', { title: 'other A' });
        });
        const found = await store.getMany('pages', ['a', 'b', 'missing']);
        expect([...found.keys()].sort()).to.deep.equal(['a', 'b']);
        expect(found.get('a')).to.deep.equal({ title: 'A' });
        expect((await store.getMany('pages', [])).size).to.equal(0);
      });

      it('lets a unit of work read prefetched documents, and ids without one as null', async () => {
        await store.commit('page-overview', 1, async (uow) => uow.put('pages', 'a', { n: 1 }));
        await store.commit(
          'page-overview',
          2,
          async (uow) => {
            const a = await uow.get<{ n: number }>('pages', 'a');
            expect(await uow.get('pages', 'nope')).to.equal(null);
            uow.put('pages', 'a', { n: a!.n + 1 });
            expect(await uow.get('pages', 'a')).to.deep.equal({ n: 2 });
          },
          { prefetch: [{ collection: 'pages', ids: ['a', 'nope', 'a'] }] },
        );
        expect(await store.get('pages', 'a')).to.deep.equal({ n: 2 });
        expect((await store.getCheckpoint('page-overview')).position).to.equal(2);
      });
    });

    describe('when documents are queried', () => {
      beforeEach(async () => {
        await store.ensureCollection('pages', ['status', 'rank', 'title']);
        await store.ensureCollection('pages', ['status', 'rank', 'title']);
        await seed('pages', {
          a: { title: 'Hello World', summary: 'first', status: 'published', rank: 10, featured: true, deletedAt: null },
          b: { title: 'Goodbye', summary: 'says HELLO at the end', status: 'draft', rank: 9, featured: false },
          c: { title: '100% pure', summary: 'percent', status: 'published', rank: 100, featured: false },
          d: { title: 'snake_case title', summary: 'underscore', status: 'draft', rank: '9', deletedAt: '2024-01-01' },
          e: { title: 'plain', summary: 'nothing', status: 'published', rank: 1 },
        });
        await seed('menus', { m: { title: 'Hello menu', status: 'published' } }, 2);
      });

      it('filters by equality on top-level fields within the collection only', async () => {
        const found = await store.find('pages', { where: { status: 'published' } });
        expect(found.map((d) => d.title)).to.have.members(['Hello World', '100% pure', 'plain']);
      });

      it('keeps numbers, strings and booleans apart when filtering', async () => {
        expect((await store.find('pages', { where: { rank: 9 } })).map((d) => d.title)).to.deep.equal(['Goodbye']);
        expect((await store.find('pages', { where: { rank: '9' } })).map((d) => d.title)).to.deep.equal([
          'snake_case title',
        ]);
        expect((await store.find('pages', { where: { featured: true } })).map((d) => d.title)).to.deep.equal([
          'Hello World',
        ]);
        expect((await store.find('pages', { where: { featured: false } })).map((d) => d.title)).to.have.members([
          'Goodbye',
          '100% pure',
        ]);
      });

      it('matches null to a null or missing field', async () => {
        const found = await store.find('pages', { where: { deletedAt: null } });
        expect(found.map((d) => d.title)).to.have.members(['Hello World', 'Goodbye', '100% pure', 'plain']);
      });

      it('combines several equality conditions', async () => {
        const found = await store.find('pages', { where: { status: 'published', featured: false } });
        expect(found.map((d) => d.title)).to.deep.equal(['100% pure']);
      });

      it('searches any listed field for a substring, ignoring case', async () => {
        const found = await store.find('pages', { search: { term: 'hElLo', fields: ['title', 'summary'] } });
        expect(found.map((d) => d.title)).to.have.members(['Hello World', 'Goodbye']);
        const titleOnly = await store.find('pages', { search: { term: 'HELLO', fields: ['title'] } });
        expect(titleOnly.map((d) => d.title)).to.deep.equal(['Hello World']);
      });

      it('ignores case beyond ASCII when searching', async () => {
        await store.commit('seed', 3, async (uow) => uow.put('pages', 'u', { title: 'ÜBERSICHT' }));
        const found = await store.find('pages', { search: { term: 'übersicht', fields: ['title'] } });
        expect(found.map((d) => d.title)).to.deep.equal(['ÜBERSICHT']);
      });

      it('treats LIKE wildcards in the search term as plain characters', async () => {
        const percent = await store.find('pages', { search: { term: '%', fields: ['title'] } });
        expect(percent.map((d) => d.title)).to.deep.equal(['100% pure']);
        const underscore = await store.find('pages', { search: { term: '_', fields: ['title'] } });
        expect(underscore.map((d) => d.title)).to.deep.equal(['snake_case title']);
        const backslash = await store.find('pages', { search: { term: '\\', fields: ['title'] } });
        expect(backslash).to.deep.equal([]);
      });

      it('combines equality and search', async () => {
        const found = await store.find('pages', {
          where: { status: 'draft' },
          search: { term: 'hello', fields: ['title', 'summary'] },
        });
        expect(found.map((d) => d.title)).to.deep.equal(['Goodbye']);
      });

      it('orders numbers numerically, ascending and descending', async () => {
        const where = { status: 'published' };
        const asc = await store.find('pages', { where, orderBy: { field: 'rank', direction: 'asc' } });
        expect(asc.map((d) => d.rank)).to.deep.equal([1, 10, 100]);
        const desc = await store.find('pages', { where, orderBy: { field: 'rank', direction: 'desc' } });
        expect(desc.map((d) => d.rank)).to.deep.equal([100, 10, 1]);
      });

      it('orders text, ascending and descending', async () => {
        const asc = await store.find('pages', { orderBy: { field: 'summary', direction: 'asc' } });
        expect(asc.map((d) => d.summary)).to.deep.equal(['first', 'nothing', 'percent', 'says HELLO at the end', 'underscore']);
        const desc = await store.find('pages', { orderBy: { field: 'summary', direction: 'desc' } });
        expect(desc.map((d) => d.summary)).to.deep.equal(['underscore', 'says HELLO at the end', 'percent', 'nothing', 'first']);
      });

      it('pages with limit and offset', async () => {
        const orderBy = { field: 'summary', direction: 'asc' } as const;
        expect((await store.find('pages', { orderBy, limit: 2 })).map((d) => d.summary)).to.deep.equal([
          'first',
          'nothing',
        ]);
        expect((await store.find('pages', { orderBy, limit: 2, offset: 1 })).map((d) => d.summary)).to.deep.equal([
          'nothing',
          'percent',
        ]);
        expect((await store.find('pages', { orderBy, offset: 3 })).map((d) => d.summary)).to.deep.equal([
          'says HELLO at the end',
          'underscore',
        ]);
        expect(await store.find('pages', { orderBy, limit: 2, offset: 10 })).to.deep.equal([]);
      });

      describe('with a range', () => {
        beforeEach(async () => {
          await store.ensureCollection('log', ['at', ['actor', 'position'], ['actor', 'position']]);
          await seed(
            'log',
            {
              e1: { position: 1, at: '2026-01-01T10:00:00.000Z', actor: 'ann' },
              e2: { position: 2, at: '2026-01-02T10:00:00.000Z', actor: 'bob' },
              e3: { position: 3, at: '2026-01-03T10:00:00.000Z', actor: 'ann' },
              e4: { position: 4, at: '2026-01-04T10:00:00.000Z', actor: 'ann' },
              e5: { position: 10, at: '2026-01-10T10:00:00.000Z', actor: 'bob' },
              odd: { position: '5', at: 20260105, actor: 'ann' },
              none: { position: null, actor: 'ann' },
            },
            4,
          );
        });
        const ids = (docs: Doc[]) => docs.map((d) => d.position);

        it('keeps numbers between the bounds, each bound exclusive or inclusive as asked', async () => {
          const orderBy = { field: 'position', direction: 'asc' } as const;
          expect(ids(await store.find('log', { range: { position: { gt: 1, lt: 4 } }, orderBy }))).to.deep.equal([2, 3]);
          expect(ids(await store.find('log', { range: { position: { gte: 1, lte: 4 } }, orderBy }))).to.deep.equal([1, 2, 3, 4]);
          expect(ids(await store.find('log', { range: { position: { gte: 4 } }, orderBy }))).to.deep.equal([4, 10]);
          expect(ids(await store.find('log', { range: { position: { lt: 2 } }, orderBy }))).to.deep.equal([1]);
          // Numbers compare as numbers (10 after 4), not as text.
          expect(ids(await store.find('log', { range: { position: { gt: 3, lt: 11 } }, orderBy }))).to.deep.equal([4, 10]);
        });

        it('keeps out values of another type, null and missing fields', async () => {
          // '5' is text and 20260105 a number: neither is within a bound of the other type.
          const numbers = await store.find('log', { range: { position: { gte: 0, lte: 100 } } });
          expect(numbers).to.have.length(5);
          const times = await store.find('log', { range: { at: { gte: '2026-01-01', lt: '2027' } }, orderBy: { field: 'at', direction: 'asc' } });
          expect(ids(times)).to.deep.equal([1, 2, 3, 4, 10]);
          expect(await store.count('log', { range: { position: { lt: Number.POSITIVE_INFINITY } } })).to.equal(5);
          expect(await store.count('log', { range: { position: { gt: Number.POSITIVE_INFINITY } } })).to.equal(0);
          expect(await store.count('log', { range: { position: { gt: Number.NaN } } })).to.equal(0);
          expect(await store.count('log', { range: { position: { gt: 0, lt: 'z' } } })).to.equal(0);
        });

        it('compares ISO times as times', async () => {
          const found = await store.find('log', {
            range: { at: { gte: '2026-01-02T10:00:00.000Z', lt: '2026-01-04T10:00:00.000Z' } },
            orderBy: { field: 'at', direction: 'desc' },
          });
          expect(ids(found)).to.deep.equal([3, 2]);
        });

        it('combines a range with equality, an order and a page, through a compound index', async () => {
          const found = await store.find('log', {
            where: { actor: 'ann' },
            range: { position: { lt: 4 } },
            orderBy: { field: 'position', direction: 'desc' },
            limit: 1,
          });
          expect(ids(found)).to.deep.equal([3]);
          const next = await store.find('log', {
            where: { actor: 'ann' },
            range: { position: { lt: 3 } },
            orderBy: { field: 'position', direction: 'desc' },
            limit: 1,
          });
          expect(ids(next)).to.deep.equal([1]);
          expect(await store.count('log', { where: { actor: 'bob' }, range: { position: { gte: 2 } } })).to.equal(2);
          expect(await store.count('log', { where: { actor: 'bob' }, range: { position: { gte: 2, lt: 10 } } })).to.equal(1);
        });

        it('ANDs bounds on several fields', async () => {
          const found = await store.find('log', {
            range: { position: { gte: 2 }, at: { lt: '2026-01-04' } },
            orderBy: { field: 'position', direction: 'asc' },
          });
          expect(ids(found)).to.deep.equal([2, 3]);
        });
      });

      it('counts the documents of a collection, filtered or not', async () => {
        expect(await store.count('pages')).to.equal(5);
        expect(await store.count('menus')).to.equal(1);
        expect(await store.count('nothing-here')).to.equal(0);
        expect(await store.count('pages', { where: { status: 'published' } })).to.equal(3);
        expect(await store.count('pages', { search: { term: 'HELLO', fields: ['title', 'summary'] } })).to.equal(2);
      });
    });

    describe('checkpoints', () => {
      const error: ProjectionError = {
        position: 12,
        eventType: 'PageVersionStored',
        message: 'cannot read properties of undefined',
        attempts: 3,
        nextRetryAt: '2030-01-01T00:00:00.000Z',
      };

      it('reads an unknown projection as position 0 without error', async () => {
        expect(await store.getCheckpoint('never-ran')).to.deep.include({ name: 'never-ran', position: 0, error: null });
        expect(await store.getCheckpoints()).to.deep.equal([]);
      });

      it('shows a recorded error to every reader', async () => {
        await store.commit('page-overview', 11, async () => {});
        await store.recordError('page-overview', error);
        const listed = await store.getCheckpoints();
        expect(listed).to.have.length(1);
        expect(listed[0]).to.deep.include({ name: 'page-overview', position: 11, error });
        expect((await store.getCheckpoint('page-overview')).error).to.deep.equal(error);
      });

      it('records an error for a projection that never committed', async () => {
        await store.recordError('search-index', error);
        expect(await store.getCheckpoint('search-index')).to.deep.include({ position: 0, error });
      });

      it('clears the error on the next successful commit', async () => {
        await store.commit('page-overview', 11, async () => {});
        await store.recordError('page-overview', error);
        await store.commit('page-overview', 12, async (uow) => uow.put('pages', 'p', { ok: true }));
        expect(await store.getCheckpoint('page-overview')).to.deep.include({ position: 12, error: null });
      });

      it('clears the error when null is recorded', async () => {
        await store.recordError('page-overview', error);
        await store.recordError('page-overview', null);
        expect((await store.getCheckpoint('page-overview')).error).to.equal(null);
      });

      it('lists every projection by name', async () => {
        await store.commit('search-index', 4, async () => {});
        await store.commit('page-overview', 9, async () => {});
        const listed = await store.getCheckpoints();
        expect(listed.map((c) => [c.name, c.position])).to.deep.equal([
          ['page-overview', 9],
          ['search-index', 4],
        ]);
      });
    });

    describe('when a projection is reset', () => {
      it("clears only the listed collections and only that projection's checkpoint", async () => {
        await store.commit('page-overview', 20, async (uow) => {
          uow.put('pages', 'p1', { title: 'One' });
          uow.put('pages', 'p2', { title: 'Two' });
          uow.put('page-slugs', 's1', { slug: 'one' });
        });
        await store.commit('menus', 18, async (uow) => uow.put('menus', 'm1', { title: 'Main' }));
        await store.recordError('page-overview', {
          position: 21, eventType: 'X', message: 'm', attempts: 1, nextRetryAt: '2030-01-01T00:00:00.000Z',
        });

        await store.reset('page-overview', ['pages', 'page-slugs']);

        expect(await store.count('pages')).to.equal(0);
        expect(await store.count('page-slugs')).to.equal(0);
        expect(await store.get('menus', 'm1')).to.deep.equal({ title: 'Main' });
        expect(await store.getCheckpoint('page-overview')).to.deep.include({ position: 0, error: null });
        expect((await store.getCheckpoint('menus')).position).to.equal(18);
      });
    });

    describe('when a rebuilt shadow is swapped in', () => {
      const pairs = [
        { live: 'pages', shadow: 'pages~rebuild' },
        { live: 'page-slugs', shadow: 'page-slugs~rebuild' },
      ];

      /** The live read models at 5 (with an error), another projection's, and a shadow build at `shadowAt`. */
      async function liveAndShadow(shadowAt: number): Promise<void> {
        await store.ensureCollection('pages', ['status']);
        await store.commit('page-overview', 5, async (uow) => {
          uow.put('pages', 'old', { title: 'Old', status: 'draft' });
          uow.put('pages', 'both', { title: 'Both, as live', status: 'draft' });
          uow.put('page-slugs', 'old', { slug: 'old' });
        });
        await store.recordError('page-overview', {
          position: 6, eventType: 'X', message: 'm', attempts: 1, nextRetryAt: '2030-01-01T00:00:00.000Z',
        });
        await store.commit('menus', 4, async (uow) => {
          uow.put('menus', 'm', { title: 'Main' });
          // A collection whose name begins like a live one is no shadow of it.
          uow.put('pages-archive', 'a', { title: 'Archived' });
        });
        await store.commit('page-overview~rebuild', shadowAt, async (uow) => {
          uow.put('pages~rebuild', 'both', { title: 'Both, rebuilt', status: 'published' });
          uow.put('pages~rebuild', 'new', { title: 'New', status: 'published' });
          uow.put('page-slugs~rebuild', 'new', { slug: 'new' });
        });
      }

      it('replaces the live documents by the shadow ones and moves the checkpoint to the shadow\'s', async () => {
        await liveAndShadow(7);
        expect(await store.swap('page-overview', 'page-overview~rebuild', pairs)).to.equal(true);
        expect(await store.get('pages', 'old')).to.equal(null);
        expect(await store.get('pages', 'both')).to.deep.equal({ title: 'Both, rebuilt', status: 'published' });
        expect(await store.get('pages', 'new')).to.deep.equal({ title: 'New', status: 'published' });
        expect(await store.getMany('page-slugs', ['old', 'new'])).to.deep.equal(new Map([['new', { slug: 'new' }]]));
        // Found through the live collection's index and counted under the live name only.
        expect((await store.find('pages', { where: { status: 'published' }, orderBy: { field: 'title', direction: 'asc' } })).map((d) => d.title))
          .to.deep.equal(['Both, rebuilt', 'New']);
        expect(await store.count('pages~rebuild')).to.equal(0);
        expect(await store.count('page-slugs~rebuild')).to.equal(0);
        expect(await store.getCheckpoint('page-overview')).to.deep.include({ position: 7, error: null });
        expect((await store.getCheckpoints()).map((c) => c.name)).to.deep.equal(['menus', 'page-overview']);
      });

      it('swaps a shadow that is exactly as far as the live checkpoint', async () => {
        await liveAndShadow(5);
        expect(await store.swap('page-overview', 'page-overview~rebuild', pairs)).to.equal(true);
        expect(await store.count('pages')).to.equal(2);
        expect((await store.getCheckpoint('page-overview')).position).to.equal(5);
      });

      it('leaves other collections and checkpoints alone', async () => {
        await liveAndShadow(7);
        await store.swap('page-overview', 'page-overview~rebuild', pairs);
        expect(await store.get('menus', 'm')).to.deep.equal({ title: 'Main' });
        expect(await store.get('pages-archive', 'a')).to.deep.equal({ title: 'Archived' });
        expect((await store.getCheckpoint('menus')).position).to.equal(4);
      });

      it('refuses a shadow behind the live checkpoint and changes nothing', async () => {
        await liveAndShadow(7);
        await store.commit('page-overview', 9, async (uow) => uow.put('pages', 'later', { title: 'Later' }), { expectedPosition: 5 });
        expect(await store.swap('page-overview', 'page-overview~rebuild', pairs)).to.equal(false);
        expect(await store.count('pages')).to.equal(3);
        expect(await store.get('pages', 'both')).to.deep.equal({ title: 'Both, as live', status: 'draft' });
        expect(await store.count('pages~rebuild')).to.equal(2);
        expect((await store.getCheckpoint('page-overview')).position).to.equal(9);
        expect((await store.getCheckpoint('page-overview~rebuild')).position).to.equal(7);
      });

      it('makes a commit that started from the old live checkpoint find it moved', async () => {
        await liveAndShadow(7);
        await store.swap('page-overview', 'page-overview~rebuild', pairs);
        const late = await store
          .commit('page-overview', 6, async (uow) => uow.put('pages', 'old', { title: 'Old again' }), { expectedPosition: 5 })
          .then(() => null, (e: unknown) => e);
        expect(late).to.be.instanceOf(CheckpointMovedError);
        expect(await store.get('pages', 'old')).to.equal(null);
      });

      it('wakes read-your-writes waiters for the live checkpoint', async () => {
        await liveAndShadow(7);
        const waiting = track(store.waitForCheckpoints(['page-overview'], 7, 5000));
        await sleep(30);
        expect(waiting.settled).to.equal(false);
        const swapped = Date.now();
        await store.swap('page-overview', 'page-overview~rebuild', pairs);
        expect(await waiting.promise).to.equal(true);
        expect(Date.now() - swapped).to.be.lessThan(1000);
      });

      it('shows readers the old documents or the new ones, never fewer, while it commits', async () => {
        const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
        await store.commit('page-overview', 5, async (uow) => {
          for (const id of ids('p', 300)) uow.put('pages', id, { n: 1 });
        });
        await store.commit('page-overview~rebuild', 5, async (uow) => {
          for (const id of ids('p', 400)) uow.put('pages~rebuild', id, { n: 2 });
        });
        const seen = new Set<string>();
        let swapDone = false;
        let readsAfterSwap = 0;
        const reading = (async () => {
          // Keep reading until two reads that began after the swap returned: a slow
          // database (PostgreSQL under a full run) may take longer than any fixed sleep.
          while (readsAfterSwap < 2) {
            const afterSwap = swapDone;
            const [count, docs] = await Promise.all([store.count('pages'), store.find('pages')]);
            seen.add(`count ${count}`);
            seen.add(`find ${docs.length} of ${[...new Set(docs.map((d) => d.n))].join(',')}`);
            if (afterSwap) readsAfterSwap += 1;
            // A synchronous adapter answers at once: let the timers (and the swap) have a turn.
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        await sleep(20);
        const swapped = await store
          .swap('page-overview', 'page-overview~rebuild', [{ live: 'pages', shadow: 'pages~rebuild' }])
          .finally(() => {
            swapDone = true;
          });
        await reading;
        expect(swapped).to.equal(true);
        expect([...seen].every((s) => ['count 300', 'count 400', 'find 300 of 1', 'find 400 of 2'].includes(s)), [...seen].join('; ')).to.equal(true);
        expect(seen).to.include('count 400');
      });
    });

    describe('waiting for checkpoints', () => {
      it('resolves true at once when the checkpoints are already there', async () => {
        await store.commit('page-overview', 42, async () => {});
        await store.commit('search-index', 50, async () => {});
        const started = Date.now();
        expect(await store.waitForCheckpoints(['page-overview', 'search-index'], 42, 5000)).to.equal(true);
        expect(Date.now() - started).to.be.lessThan(200);
      });

      it('resolves true for no names or position 0', async () => {
        expect(await store.waitForCheckpoints([], 42, 5000)).to.equal(true);
        expect(await store.waitForCheckpoints(['never-ran'], 0, 5000)).to.equal(true);
      });

      it('resolves true soon after a later commit reaches the position', async () => {
        await store.commit('page-overview', 40, async () => {});
        const waiting = track(store.waitForCheckpoints(['page-overview'], 42, 5000));
        await sleep(30);
        expect(waiting.settled).to.equal(false);
        const committed = Date.now();
        await store.commit('page-overview', 43, async (uow) => uow.put('pages', 'p', { ok: true }));
        expect(await waiting.promise).to.equal(true);
        expect(Date.now() - committed).to.be.lessThan(1000);
      });

      it('resolves false after the timeout when the position is never reached', async () => {
        await store.commit('page-overview', 40, async () => {});
        const started = Date.now();
        expect(await store.waitForCheckpoints(['page-overview'], 42, 150)).to.equal(false);
        const elapsed = Date.now() - started;
        expect(elapsed).to.be.at.least(140);
        expect(elapsed).to.be.lessThan(1500);
      });

      it('waits for every named checkpoint', async () => {
        const waiting = track(store.waitForCheckpoints(['page-overview', 'search-index'], 42, 5000));
        await store.commit('page-overview', 42, async () => {});
        await sleep(150);
        expect(waiting.settled).to.equal(false);
        await store.commit('search-index', 41, async () => {});
        await sleep(150);
        expect(waiting.settled).to.equal(false);
        await store.commit('search-index', 42, async () => {});
        expect(await waiting.promise).to.equal(true);
      });
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Lets a test look at whether a promise has settled yet without awaiting it. */
function track<T>(promise: Promise<T>): { promise: Promise<T>; settled: boolean } {
  const tracked = { promise, settled: false };
  promise.then(
    () => (tracked.settled = true),
    () => (tracked.settled = true),
  );
  return tracked;
}
