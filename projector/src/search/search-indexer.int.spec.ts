import { expect } from 'chai';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { SearchIndexEvent } from '@pagelog/contracts/events/search-events';
import type { TagEvent } from '@pagelog/contracts/events/tag-events';
import { readIndexMeta, type IndexingMeta } from '@pagelog/contracts/search/index-meta';
import type { IndexQuery, IndexWrite, SearchIndex, SearchTarget } from '@pagelog/storage/search-index/search-index';
import { SqliteSearchIndex } from '@pagelog/storage/search-index/sqlite-search-index';
import { Projector } from '../core/projector';
import { openTestLog, type TestLog } from '../core/test-log';
import { pagesProjection } from '../pages/projection';
import { SearchIndexRunner, type SearchIndexerOptions } from './search-indexer';

let seq = 0;
const uuid = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
function newEvent(e: PageStreamEvent | TagEvent | SearchIndexEvent): NewEvent {
  return {
    id: uuid(++seq + 1_000_000),
    type: e.type,
    data: e.data,
    metadata: { actorId: 'u-1', correlationId: 'c', causationId: 'c', occurredAt: '2026-03-02T10:00:00.000Z', schemaVersion: e.type === 'PageCreated' ? 2 : 1 },
  };
}

const full = (term: string): IndexQuery => ({ term, locales: [], pageTypes: [], tags: [], count: 50, offset: 0, fields: 'full' });
const titles = (term: string): IndexQuery => ({ ...full(term), fields: 'title-slug' });

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`condition not reached within ${ms} ms`);
}

describe('the search indexer', () => {
  let log: TestLog;
  let index: SqliteSearchIndex;
  let projector: Projector | null;
  let pageNo: number;

  beforeEach(async () => {
    log = openTestLog('search');
    index = new SqliteSearchIndex(log.db);
    projector = null;
    pageNo = 0;
  });
  afterEach(async () => {
    await projector?.stop();
    await index.close();
    await log.close();
  });

  const append = (stream: string, ...events: (PageStreamEvent | TagEvent | SearchIndexEvent)[]) => log.events.append(stream, events.map(newEvent), 'any');

  /** A page with a draft (title, one text block), not yet published; answers its id. */
  async function draftPage(title: string, text: string, slug = `pagina-${pageNo + 1}`): Promise<string> {
    const pageId = uuid(++pageNo);
    await append(
      `page-${pageId}`,
      { type: 'PageCreated', data: { pageId, translationGroupId: pageId, type: 'article', locale: 'nl-nl', title, slug, content: '', typeData: {}, versionId: `v-${pageId}`, copiedFrom: null } },
      { type: 'PageVersionStored', data: { pageId, versionId: `v-${pageId}`, title, blocks: [{ type: 'text', key: 't', props: { html: `<p>${text}</p>` }, anchorPoint: '' }], seoTitle: '', seoDescription: `Over ${title.toLowerCase()}`, seoKeywords: [], seoImage: [] } },
    );
    return pageId;
  }

  const publish = (pageId: string) => append(`page-${pageId}`, { type: 'PagePublished', data: { pageId, versionId: `v-${pageId}`, slug: 'x', locale: 'nl-nl' } });
  const store = (pageId: string, title: string, text: string) =>
    append(`page-${pageId}`, { type: 'PageVersionStored', data: { pageId, versionId: `v-${pageId}`, title, blocks: [{ type: 'text', key: 't', props: { html: `<p>${text}</p>` }, anchorPoint: '' }], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] } });
  const ask = (type: SearchIndexEvent['type'], requestId: string) => append('search-index', { type, data: { requestId } } as SearchIndexEvent);

  const found = async (term: string, target: SearchTarget = 'public') => (await index.search(target, target === 'public' ? full(term) : titles(term))).hits.map((h) => h.id);
  const meta = async (target: SearchTarget = 'public') => readIndexMeta((await index.state(target)).meta);
  const indexing = async () => (await meta()).indexing;

  async function startProjector(searchIndex: SearchIndex = index, more: Partial<SearchIndexerOptions> = {}): Promise<Projector> {
    const started = new Projector({ eventStore: log.events, readModels: log.readModels, projections: [pagesProjection], searchIndex, ...more });
    await started.start();
    return started;
  }

  describe("a release's pages", () => {
    it('become findable all in the same batch, however small the batches are', async () => {
      const one = await draftPage('Voorjaarsplan', 'Het plan voor de grachten');
      const two = await draftPage('Voorjaarsbegroting', 'De begroting voor de grachten');
      await index.init();
      const runner = new SearchIndexRunner('public', { eventStore: log.events, readModels: log.readModels, searchIndex: index, batchSize: 1 });
      while ((await runner.runBatch()) > 0);
      expect(await found('grachten')).to.deep.equal([]);
      // The release's one append: each page's PagePublished marked with it, then its own event.
      const marked = (pageId: string) => newEvent({ type: 'PagePublished', data: { pageId, versionId: `v-${pageId}`, slug: 'x', locale: 'nl-nl', releaseId: 'r1' } } as PageStreamEvent);
      await log.events.appendMany([
        { stream: `page-${one}`, events: [marked(one)], expectedRevision: 'any' },
        { stream: `page-${two}`, events: [marked(two)], expectedRevision: 'any' },
        { stream: 'release-r1', events: [{ ...newEvent({ type: 'PageUnpublished', data: { pageId: one } } as PageStreamEvent), type: 'ReleasePublished', data: { releaseId: 'r1', name: 'Voorjaar', items: [], scheduled: false } }], expectedRevision: 'any' },
      ]);
      const seen: number[] = [];
      while ((await runner.runBatch()) > 0) seen.push((await found('grachten')).length);
      // Never one of the two without the other.
      expect(seen.every((count) => count === 0 || count === 2), `pages found after each batch: ${seen}`).to.equal(true);
      expect((await found('grachten')).sort()).to.deep.equal([one, two].sort());
    });

    it('become findable together also when the indexer lags behind the log: each page as of its batch, not as it is now', async () => {
      const one = await draftPage('Najaarsplan', 'Het plan voor de bruggen');
      const two = await draftPage('Najaarsbegroting', 'De begroting voor de bruggen');
      const marked = (pageId: string) => newEvent({ type: 'PagePublished', data: { pageId, versionId: `v-${pageId}`, slug: 'x', locale: 'nl-nl', releaseId: 'r2' } } as PageStreamEvent);
      await log.events.appendMany([
        { stream: `page-${one}`, events: [marked(one)], expectedRevision: 'any' },
        { stream: `page-${two}`, events: [marked(two)], expectedRevision: 'any' },
        { stream: 'release-r2', events: [{ ...newEvent({ type: 'PageUnpublished', data: { pageId: one } } as PageStreamEvent), type: 'ReleasePublished', data: { releaseId: 'r2', name: 'Najaar', items: [], scheduled: false } }], expectedRevision: 'any' },
      ]);
      // The runner starts only now, at the first page's creation, in batches of one event.
      await index.init();
      const runner = new SearchIndexRunner('public', { eventStore: log.events, readModels: log.readModels, searchIndex: index, batchSize: 1 });
      const seen: number[] = [];
      while ((await runner.runBatch()) > 0) seen.push((await found('bruggen')).length);
      expect(seen.every((count) => count === 0 || count === 2), `pages found after each batch: ${seen}`).to.equal(true);
      expect((await found('bruggen')).sort()).to.deep.equal([one, two].sort());
    });
  });

  describe('while it runs', () => {
    beforeEach(async () => {
      projector = await startProjector();
    });

    it('makes a page findable within a second of its publication, and not before', async () => {
      const pageId = await draftPage('Onderzoek naar grachten', 'De grachten van Amsterdam');
      await until(async () => (await found('grachten', 'admin')).includes(pageId), 1_000);
      expect(await found('grachten')).to.deep.equal([]);
      await publish(pageId);
      await until(async () => (await found('grachten')).includes(pageId), 1_000);
      expect((await index.search('public', full('amsterdam'))).hits[0]).to.include({ id: pageId, title: 'Onderzoek naar grachten', slug: 'pagina-1' });
    });

    it('is settled with the projections: its checkpoint shows beside theirs at the head', async () => {
      const pageId = await draftPage('Sluizen', 'Over sluizen');
      const { position } = await publish(pageId);
      await projector!.settle(2_000);
      expect(await found('sluizen')).to.deep.equal([pageId]);
      expect((await log.readModels.getCheckpoint('search-index:public')).position).to.equal(position);
      expect((await log.readModels.getCheckpoint('search-index:admin')).position).to.equal(position);
      expect((await index.state('public')).checkpoint).to.equal(position);
    });

    it('keeps finding the published version while a new draft waits, and the new one once published', async () => {
      const pageId = await draftPage('Fietsen', 'Over fietspaden');
      await publish(pageId);
      await until(async () => (await found('fietspaden')).includes(pageId));
      await store(pageId, 'Wandelen', 'Over wandelroutes');
      await until(async () => (await found('wandelen', 'admin')).includes(pageId));
      expect(await found('wandelroutes')).to.deep.equal([]);
      expect(await found('fietspaden')).to.deep.equal([pageId]);
      await publish(pageId);
      await until(async () => (await found('wandelroutes')).includes(pageId));
      expect(await found('fietspaden')).to.deep.equal([]);
    });

    it('takes a page out on unpublication and on deletion (from the admin target too)', async () => {
      const a = await draftPage('Dijken', 'Dijken en water');
      const b = await draftPage('Dijkbewaking', 'Dijken bewaken');
      await publish(a);
      await publish(b);
      await until(async () => (await found('dijken')).length === 2);
      await append(`page-${a}`, { type: 'PageUnpublished', data: { pageId: a, versionId: `v-${a}`, slug: 'x', locale: 'nl-nl' } });
      await until(async () => !(await found('dijken')).includes(a));
      expect(await found('dijken', 'admin')).to.include(a);
      await append(`page-${b}`, { type: 'PageDeleted', data: { pageId: b, locale: 'nl-nl', slug: 'pagina-2', translationGroupId: b } });
      await until(async () => (await found('dijken')).length === 0);
      await until(async () => !(await found('dijkbewaking', 'admin')).includes(b));
    });

    it('follows a slug change of a live page', async () => {
      const pageId = await draftPage('Polders', 'Over polders', 'polders');
      await publish(pageId);
      await until(async () => (await found('polders')).includes(pageId));
      await append(`page-${pageId}`, { type: 'PageSlugChanged', data: { pageId, locale: 'nl-nl', slug: 'droogmakerijen', previousSlug: 'polders', updateLinks: false } });
      await until(async () => (await index.search('public', full('polders'))).hits[0]?.slug === 'droogmakerijen');
    });

    it('never lets a private tag reach the public target, and follows a rename of a public one', async () => {
      await append('tag-t1', { type: 'TagCreated', data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Klimaat' } });
      await append('tag-t2', { type: 'TagCreated', data: { tagId: 't2', locale: 'nl-nl', visibility: 'private', name: 'Geheimpje' } });
      const pageId = await draftPage('Zeespiegel', 'De zee stijgt');
      await append(`page-${pageId}`, { type: 'PageTagsChanged', data: { pageId, locale: 'nl-nl', tags: ['t1', 't2'], added: ['t1', 't2'], removed: [] } });
      await publish(pageId);
      await until(async () => (await found('zeespiegel')).includes(pageId));
      const answer = await index.search('public', full('zeespiegel'));
      expect(answer.hits[0]!.tags).to.deep.equal([{ id: 't1', name: 'Klimaat' }]);
      expect(answer.facets.tags.map((t) => t.value)).to.deep.equal(['t1']);
      expect(await found('geheimpje')).to.deep.equal([]);
      await append('tag-t1', { type: 'TagRenamed', data: { tagId: 't1', locale: 'nl-nl', visibility: 'public', name: 'Klimaatverandering', previousName: 'Klimaat' } });
      await until(async () => (await index.search('public', full('zeespiegel'))).hits[0]?.tags[0]?.name === 'Klimaatverandering');
      expect(await found('klimaatverandering')).to.deep.equal([pageId]);
    });

    it('empties the public target on removal, and a page published afterwards comes back', async () => {
      const a = await draftPage('Molens', 'Molens malen');
      await publish(a);
      await until(async () => (await found('molens')).includes(a));
      await ask('SearchRemovalRequested', 'r-remove');
      await until(async () => (await meta()).removal?.state === 'success');
      expect(await index.count('public')).to.equal(0);
      expect(await found('molens', 'admin')).to.deep.equal([a]);
      const b = await draftPage('Molenaars', 'Molens en molenaars');
      await publish(b);
      await until(async () => (await found('molens')).includes(b));
      expect(await found('molens')).to.deep.equal([b]);
      expect((await meta()).removal).to.include({ requestId: 'r-remove' });
    });
  });

  describe('when the process feeding a target pauses past its lease', () => {
    it('cannot write after the process that took over: its late write is refused and it stands by', async () => {
      const leaseMs = 300;
      await index.init();
      const first = await draftPage('Rivier', 'De rivier stroomt');
      await publish(first);
      // Process A's writes wait at a gate: A has checked its lease and is about to write when it pauses.
      let gate: (() => void) | null = null;
      const paused = new Promise<void>((resolve) => (gate = resolve));
      let reachedGate: () => void = () => {};
      const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
      const refused: unknown[] = [];
      const pausing: SearchIndex = Object.assign(Object.create(index) as SearchIndex, {
        write: async (target: SearchTarget, changes: IndexWrite) => {
          reachedGate();
          await paused;
          try {
            await index.write(target, changes);
          } catch (error) {
            refused.push(error);
            throw error;
          }
        },
      });
      const a = new SearchIndexRunner('public', { eventStore: log.events, readModels: log.readModels, searchIndex: pausing, leaseMs });
      const b = new SearchIndexRunner('public', { eventStore: log.events, readModels: log.readModels, searchIndex: index, leaseMs });
      const aBatch = a.runBatch();
      await atGate;
      // A's lease runs out (its holder is gone as far as the store is concerned) and B takes over.
      await log.readModels.releaseLease('search-index:public', (a as unknown as { lease: { holder: string } }).lease.holder);
      const second = await draftPage('Beek', 'Een beek stroomt');
      await publish(second);
      expect(await b.runBatch()).to.be.greaterThan(0);
      const taken = (await index.state('public')).checkpoint;
      expect(await found('stroomt')).to.have.members([first, second]);
      // A wakes up and writes what it had read before the pause.
      gate!();
      expect(await aBatch).to.equal(0);
      expect(refused).to.have.length(1);
      expect((refused[0] as Error).name).to.equal('FencedOff');
      // The checkpoint did not go back to A's older position; B goes on.
      expect((await index.state('public')).checkpoint).to.equal(taken);
      await publish(second);
      expect(await b.runBatch()).to.be.greaterThan(0);
      expect((await index.state('public')).checkpoint).to.be.greaterThan(taken);
    });
  });

  describe('when a reindex is asked for', () => {
    const options = (): SearchIndexerOptions => ({ eventStore: log.events, readModels: log.readModels, searchIndex: index, reindexChunkSize: 4, leaseMs: 300 });

    /** Eleven published pages, taken into the index and the pages read model. */
    async function elevenPages(): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < 11; i++) {
        const id = await draftPage(`Rivier ${i}`, `De rivier stroomt ${i}`);
        await publish(id);
        ids.push(id);
      }
      const once = new Projector({ eventStore: log.events, readModels: log.readModels, projections: [pagesProjection], searchIndex: index });
      await once.catchUp();
      expect(await found('rivier')).to.have.length(11);
      return ids;
    }

    it('builds a new generation while the old one answers, then makes it the one searched', async () => {
      const ids = await elevenPages();
      // One unpublished page: counted as a page, not found in public.
      await draftPage('Beek', 'Een beek');
      const before = await index.state('public');
      await ask('SearchReindexRequested', 'r-1');
      await new Projector({ eventStore: log.events, readModels: log.readModels, projections: [pagesProjection] }).catchUp();
      const runner = new SearchIndexRunner('public', options());
      await runner.runBatch();
      const building = await index.state('public');
      expect(building.building).to.be.a('number').and.not.equal(before.active);
      expect(building.active).to.equal(before.active);
      expect(await indexing()).to.deep.include({ state: 'loading', requestId: 'r-1', done: 4, total: 12 });
      expect(await index.count('public', building.building!)).to.equal(4);
      // Searches still read the old generation, whole.
      expect(await found('rivier')).to.have.length(11);
      await runner.catchUp();
      const after = await index.state('public');
      expect(after).to.include({ active: building.building, building: null });
      expect(await indexing()).to.deep.include({ state: 'success', requestId: 'r-1', done: 12, total: 12 });
      expect(await found('rivier')).to.have.members(ids);
      expect(await found('beek')).to.deep.equal([]);
    });

    it('takes in a change made while it runs to a page it has passed, in the new generation too', async () => {
      const ids = await elevenPages();
      await ask('SearchReindexRequested', 'r-2');
      await new Projector({ eventStore: log.events, readModels: log.readModels, projections: [pagesProjection] }).catchUp();
      const runner = new SearchIndexRunner('public', options());
      await runner.runBatch();
      const first = ids[0]!;
      expect((await meta()).indexing).to.include({ cursor: ids[3] });
      await store(first, 'Kanaal', 'Een kanaal');
      await publish(first);
      await runner.runBatch();
      expect(await found('kanaal')).to.deep.equal([first]);
      await runner.catchUp();
      expect(await indexing()).to.include({ state: 'success' });
      expect(await found('kanaal')).to.deep.equal([first]);
      expect(await found('rivier')).to.not.include(first);
    });

    it('resumes from its cursor after the runner stops mid-way, and finishes', async () => {
      const ids = await elevenPages();
      // Chunk writes are slowed down so the first runner can be stopped between them.
      const puts: string[][] = [];
      const slow = new Proxy(index, {
        get(target, prop, receiver) {
          if (prop !== 'write') return Reflect.get(target, prop, receiver);
          return async (t: SearchTarget, changes: IndexWrite) => {
            const chunk = changes.checkpoint === undefined && (changes.put?.length ?? 0) > 0;
            if (chunk && t === 'public') {
              puts.push(changes.put!.map((d) => d.id));
              await new Promise((r) => setTimeout(r, 40));
            }
            return target.write(t, changes);
          };
        },
      });
      projector = await startProjector(slow, { reindexChunkSize: 2, leaseMs: 300 });
      await ask('SearchReindexRequested', 'r-3');
      await until(async () => (((await indexing()) as { done?: number } | undefined)?.done ?? 0) >= 4);
      await projector.stop();
      const stopped = (await indexing()) as Extract<IndexingMeta, { state: 'loading' }>;
      expect(stopped.state).to.equal('loading');
      expect(stopped.done).to.be.within(4, 10);
      const doneBefore = puts.length;
      projector = await startProjector(slow, { reindexChunkSize: 2, leaseMs: 300 });
      await until(async () => (await indexing())?.state === 'success');
      // The second runner went on after the cursor: no page was indexed twice, none left out.
      const resumed = puts.slice(doneBefore).flat();
      expect(resumed[0]! > stopped.cursor!).to.equal(true);
      expect(puts.flat().sort()).to.deep.equal([...ids].sort());
      expect(await indexing()).to.deep.include({ done: 11, total: 11 });
      expect(await found('rivier')).to.have.members(ids);
    });

    it('starts afresh when a second reindex is asked for before the first finished', async () => {
      await elevenPages();
      await ask('SearchReindexRequested', 'r-4');
      await ask('SearchReindexRequested', 'r-5');
      await new Projector({ eventStore: log.events, readModels: log.readModels, projections: [pagesProjection] }).catchUp();
      const runner = new SearchIndexRunner('public', options());
      await runner.runBatch();
      const first = (await index.state('public')).building;
      await runner.runBatch();
      const second = (await index.state('public')).building;
      expect(second).to.be.a('number').and.not.equal(first);
      expect(await indexing()).to.deep.include({ requestId: 'r-5', done: 4 });
      await runner.catchUp();
      expect(await indexing()).to.deep.include({ state: 'success', requestId: 'r-5', done: 11 });
      expect(await found('rivier')).to.have.length(11);
    });

    it('is abandoned by a removal, which empties the index', async () => {
      await elevenPages();
      await ask('SearchReindexRequested', 'r-6');
      await new Projector({ eventStore: log.events, readModels: log.readModels, projections: [pagesProjection] }).catchUp();
      const runner = new SearchIndexRunner('public', options());
      await runner.runBatch();
      await ask('SearchRemovalRequested', 'r-7');
      await runner.catchUp();
      const state = await index.state('public');
      expect(state.building).to.equal(null);
      expect(await index.count('public')).to.equal(0);
      expect((await meta()).removal).to.include({ state: 'success', requestId: 'r-7' });
      expect(await indexing()).to.include({ state: 'error', requestId: 'r-6' });
    });
  });
});
