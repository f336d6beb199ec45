import { expect } from 'chai';
import { searchIndexStatus, type SearchIndexMeta } from './index-meta';

const facts = { documents: 40, position: 120, headPosition: 125, engine: 'sqlite' };
const start = Date.parse('2026-03-01T10:00:00.000Z');
const status = (meta: SearchIndexMeta | Record<string, unknown>, now = start) => searchIndexStatus(meta as Record<string, unknown>, facts, now);

describe('the search index status', () => {
  describe('when no job was ever asked for', () => {
    it('is idle on both with the facts of the index', () => {
      expect(status({})).to.deep.equal({
        indexingState: 'idle',
        removalState: 'idle',
        progress: null,
        error: null,
        documents: 40,
        lastIndexedAt: null,
        lastRemovedAt: null,
        position: 120,
        headPosition: 125,
        engine: 'sqlite',
      });
    });

    it('reads a meta it does not know as no job', () => {
      expect(status({ indexing: { state: 'busy' }, removal: 'x' })).to.include({ indexingState: 'idle', removalState: 'idle' });
    });
  });

  describe('when a reindex is under way', () => {
    const loading = (done: number): SearchIndexMeta => ({
      indexing: { state: 'loading', requestId: 'r2', generation: 3, cursor: 'p-9', done, total: 400, startedAt: '2026-03-01T10:00:00.000Z', lastFinishedAt: '2026-02-01T09:00:00.000Z' },
    });

    it('shows the pages done, the total and the time left at the rate so far', () => {
      // 100 pages in 20 s: 5 a second, 300 to go.
      expect(status(loading(100), start + 20_000)).to.deep.include({
        indexingState: 'loading',
        progress: { done: 100, total: 400, startedAt: '2026-03-01T10:00:00.000Z', secondsLeft: 60 },
        lastIndexedAt: '2026-02-01T09:00:00.000Z',
      });
    });

    it('gives no time left before any page is done', () => {
      expect(status(loading(0), start + 5_000).progress?.secondsLeft).to.equal(null);
    });

    it('never shows more done than the total (pages added meanwhile)', () => {
      expect(status(loading(410), start + 10_000).progress).to.include({ done: 410, total: 410, secondsLeft: 0 });
    });
  });

  describe('when the jobs have finished', () => {
    it('tells success with when, and an error with why', () => {
      const meta: SearchIndexMeta = {
        indexing: { state: 'success', requestId: 'r1', startedAt: '2026-03-01T10:00:00.000Z', finishedAt: '2026-03-01T10:02:00.000Z', done: 400, total: 400 },
        removal: { state: 'error', requestId: 'r3', error: 'the index could not be cleared', finishedAt: '2026-03-01T11:00:00.000Z', lastFinishedAt: null },
      };
      expect(status(meta)).to.deep.include({
        indexingState: 'success',
        removalState: 'error',
        progress: null,
        error: 'the index could not be cleared',
        lastIndexedAt: '2026-03-01T10:02:00.000Z',
        lastRemovedAt: null,
      });
    });
  });
});
