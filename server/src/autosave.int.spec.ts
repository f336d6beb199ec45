import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (text: string) => ({ type: 'heading', key: 'h', props: { text, level: 2 }, anchorPoint: '' });

/**
 * Autosaves (issue 14, decision 0019): the editor stores the draft by itself a moment after typing
 * stops, with `auto: true`; the draft is stored like any other, and the history tells it apart.
 */
for (const kind of storeKinds()) {
  describe(`autosaves of a draft (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => {
      await app?.stop();
    });

    async function newPage(slug: string) {
      const created = await admin.post('/page/create', { title: 'Vacatures', slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      return created.body.data as { pageID: string; pageVersionID: string; revision: number };
    }

    it('stores the draft, marked as an autosave in the history, next to the saves someone asked for', async () => {
      const page = await newPage('vacatures-auto');
      const store = (revision: number, text: string, auto?: boolean) =>
        admin.post(`/page/version/${page.pageVersionID}/store`, {
          pageID: page.pageID,
          revision,
          title: 'Vacatures',
          blocks: [heading(text)],
          ...seo,
          ...(auto === undefined ? {} : { auto }),
        });
      const first = await store(page.revision, 'Werk', true);
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      const second = await store(first.body.data.revision, 'Werk bij', true);
      expect(second.status).to.equal(200);
      const asked = await store(second.body.data.revision, 'Werk bij ons');
      expect(asked.status).to.equal(200);
      // The same content again stores nothing, autosave or not.
      const same = await store(asked.body.data.revision, 'Werk bij ons', true);
      expect(same.body.data.revision).to.equal(asked.body.data.revision);

      const version = await admin.get(`/page/version/fetch/${page.pageVersionID}`);
      expect(version.body.data.pageVersion.blocks[0].props.text).to.equal('Werk bij ons');
      const history = await admin.get(`/page/${page.pageID}/history`);
      expect(history.status).to.equal(200);
      const entries = history.body.data as { type: string; summary: string; auto?: boolean }[];
      expect(entries.map((entry) => [entry.summary, entry.auto === true])).to.deep.equal([
        ['created “Vacatures” at vacatures-auto (nl-nl)', false],
        ['saved the draft automatically', true],
        ['saved the draft automatically', true],
        ['saved the draft', false],
      ]);
    });

    it('refuses an autosave flag that is not a boolean, and on store-and-publish, which is always asked for (V_12)', async () => {
      const page = await newPage('vacatures-bad');
      const body = { pageID: page.pageID, revision: page.revision, title: 'Vacatures', blocks: [heading('Werk')], ...seo };
      const bad = await admin.post(`/page/version/${page.pageVersionID}/store`, { ...body, auto: 'soms' });
      expect(bad.status).to.equal(400);
      expect(bad.body.Errors.map((error: { code: string; property: string }) => `${error.code} ${error.property}`)).to.deep.equal(['V_12 auto']);
      const published = await admin.post(`/page/version/${page.pageVersionID}/store-and-publish`, { ...body, auto: true });
      expect(published.status).to.equal(400);
      expect(published.body.Errors.map((error: { code: string; property: string }) => `${error.code} ${error.property}`)).to.deep.equal(['V_12 auto']);
      const history = await admin.get(`/page/${page.pageID}/history`);
      expect(history.body.data).to.have.length(1);
    });

    it('answers 401 without a session, as any store does', async () => {
      const page = await newPage('vacatures-anonymous');
      const anonymous = new ApiClient(app.url);
      const reply = await anonymous.post(`/page/version/${page.pageVersionID}/store`, {
        pageID: page.pageID,
        revision: page.revision,
        title: 'Vacatures',
        blocks: [],
        ...seo,
        auto: true,
      });
      expect(reply.status).to.equal(401);
    });
  });
}
