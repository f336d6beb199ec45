import { expect } from 'chai';
import type { SearchIndexStatus, SearchResponse } from '@pagelog/contracts/search/search';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser, USER_PASSWORD } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: 'Een onderzoek naar warmte in de wijk.', seoKeywords: [], seoImage: [] };

/** Polls until `check` holds, or fails with `what` after `ms`; answers how long it took. */
async function until(check: () => Promise<boolean>, what: string, ms = 5_000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - start;
}

/**
 * The search calls through HTTP (issue 15) on each store: search/search finds published pages only
 * and within a second of publishing, refuses bad requests with catalogue codes; search/status,
 * index-all-pages and remove-all-pages are for manage-search only and take the index through the
 * spec's states (the access of every endpoint is also proven by access-matrix.int.spec.ts).
 */
for (const kind of storeKinds()) {
  describe(`search over HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;
    const visitor = () => new ApiClient(app.url);

    const search = (body: Record<string, unknown>, who: ApiClient = visitor()) => who.post('/search/search', body);
    const found = async (term: string, body: Record<string, unknown> = {}) => ((await search({ term, ...body })).body.data as SearchResponse).results.map((r) => r.title);

    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }

    async function page(slug: string, title: string, text: string, publish = true) {
      const created = await ok(admin.post('/page/create', { title, slug, type: 'article', locale: 'nl-nl', typeData: {} }));
      const { pageID, pageVersionID, revision } = created.body.data;
      const blocks = [{ type: 'text', key: 'tekst', props: { html: `<p>${text}</p>` }, anchorPoint: '' }];
      await ok(admin.post(`/page/version/${pageVersionID}/${publish ? 'store-and-publish' : 'store'}`, { pageID, revision, title, blocks, ...seo }));
      return pageID as string;
    }

    before(async () => {
      app = await startTestPagelog(kind, { seed: false });
      admin = await ApiClient.loggedIn(app.url);
      await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'edith@pagelog.test', name: 'Edith Editor', role: 'editor' });
      editor = await ApiClient.loggedIn(app.url, { email: 'edith@pagelog.test', password: USER_PASSWORD });
    });
    after(async () => app?.stop());

    it('finds a page within a second of its publication, by a stemmed form, with the matched words marked', async () => {
      await page('warmte-onderzoek', 'Onderzoeken naar warmtenetten', 'Bewoners krijgen adviezen over de aansluiting.');
      const took = await until(async () => (await found('warmtenet')).includes('Onderzoeken naar warmtenetten'), 'the published page', 1_000);
      expect(took).to.be.below(1_000);
      const answer = (await ok(search({ term: 'advies' }))).body.data as SearchResponse;
      expect(answer.total).to.equal(1);
      const [hit] = answer.results;
      expect(hit).to.include({ title: 'Onderzoeken naar warmtenetten', path: '/warmte-onderzoek', pageType: 'article', locale: 'nl-nl' });
      expect(hit!.snippet.filter((part) => part.highlight).map((part) => part.text.toLowerCase())).to.include('adviezen');
      expect(answer.facets.pageTypes).to.deep.equal([{ value: 'article', count: 1 }]);
    });

    it('never finds a draft, and drops a page when it is unpublished or deleted', async () => {
      const draft = await page('concept-rapport', 'Geheim concept over zonnepanelen', 'Zonnepanelen op elk dak.', false);
      const live = await page('zonne-energie', 'Zonne-energie in de wijk', 'Zonnepanelen voor iedereen.');
      await until(async () => (await found('zonnepanelen')).includes('Zonne-energie in de wijk'), 'the live page');
      expect(await found('zonnepanelen')).to.not.include('Geheim concept over zonnepanelen');
      expect(await found('geheim')).to.deep.equal([]);
      await ok(admin.post(`/page/${live}/unpublish`, {}));
      await until(async () => (await found('zonnepanelen')).length === 0, 'the unpublished page gone');
      await ok(admin.post(`/page/${draft}/delete`, {}));
      expect(await found('concept')).to.deep.equal([]);
    });

    it('refuses bad requests with catalogue codes, never a 5xx', async () => {
      const cases: [Record<string, unknown>, string, number][] = [
        [{ term: 'x'.repeat(201) }, 'V_14', 400],
        [{ term: 'a', count: 51 }, 'V_12', 400],
        [{ term: 'a', count: 0 }, 'V_12', 400],
        [{ term: 'a', offset: -1 }, 'V_12', 400],
        [{ term: 'a', offset: 9_995, count: 10 }, 'V_12', 400],
        [{ term: 'a', locales: ['xx-yy'] }, 'V_12', 400],
        [{ term: 'a', pageTypes: ['nonsense'] }, 'V_12', 400],
        [{ term: 'a', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'V_12', 400],
        [{ term: 42 }, 'V_12', 400],
      ];
      for (const [body, code] of cases) {
        const reply = await search(body);
        expect(reply.status, JSON.stringify(body)).to.be.within(400, 499);
        expect(reply.body.Errors.map((e: { code: string }) => e.code), JSON.stringify(body)).to.include(code);
      }
      // Query syntax of every engine is only text.
      for (const term of ['"', '*', 'NEAR(a b)', 'a OR -b', 'title:x', '(((', "'; DROP TABLE x; --", '\\', '&|!:*']) expect((await search({ term })).status, term).to.equal(200);
    });

    it('lists nothing for an empty term without tags: the whole site is not a search', async () => {
      const answer = (await ok(search({ term: '' }))).body.data as SearchResponse;
      expect(answer.total).to.equal(0);
    });

    it('keeps search/status and the two jobs to manage-search (401 for a visitor, 403 UM_01 for an editor)', async () => {
      expect((await visitor().get('/search/status')).status).to.equal(401);
      const refused = await editor.get('/search/status');
      expect(refused.status).to.equal(403);
      expect(refused.body.Errors[0].code).to.equal('UM_01');
      for (const path of ['/search/index-all-pages', '/search/remove-all-pages']) {
        expect((await editor.post(path, {})).status, path).to.equal(403);
        expect((await visitor().post(path, {})).status, path).to.equal(401);
      }
    });

    it('takes the index through removal and reindexing in the spec states, the status telling the pages and the position', async () => {
      const status = async () => (await ok(admin.get('/search/status'))).body.data as SearchIndexStatus;
      const before = await status();
      expect(before.engine).to.equal(kind);
      expect(before.documents).to.equal(1);
      expect(['idle', 'success']).to.include(before.indexingState);

      await ok(admin.post('/search/remove-all-pages', {}));
      await until(async () => (await status()).removalState === 'success', 'removal success');
      expect((await status()).documents).to.equal(0);
      expect(await found('warmtenet')).to.deep.equal([]);

      await ok(admin.post('/search/index-all-pages', {}));
      await until(async () => (await status()).indexingState === 'success', 'indexing success', 20_000);
      const after = await status();
      expect(after.documents).to.equal(1);
      expect(after.lastIndexedAt).to.be.a('string');
      expect(after.progress).to.equal(null);
      expect(after.position).to.equal(after.headPosition);
      expect(await found('warmtenet')).to.deep.equal(['Onderzoeken naar warmtenetten']);
    });
  });
}
