import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const text = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });

interface Stale {
  key: string;
  kind: string;
  label: string;
  props: string[];
  before: { props: Record<string, unknown> } | null;
  now: { props: Record<string, unknown> } | null;
}

/**
 * Stale translations through HTTP (issue 17): a translation follows its source's blocks; a block
 * the source changes (adds, removes) afterwards is flagged in the translation's status, with what
 * changed, and counted on the source's Translations tab, until the translator edits the block or
 * marks it (or the whole page) up to date.
 */
for (const kind of storeKinds()) {
  describe(`stale translations through HTTP (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let source: string;
    let translation: string;

    const store = async (pageID: string, title: string, blocks: unknown[]) => {
      const page = (await admin.get(`/page/${pageID}`)).body.data;
      const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title, blocks, ...seo });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
    };
    const stale = async (pageID = translation) => {
      const reply = await admin.get(`/page/${pageID}/translation-status`);
      expect(reply.status).to.equal(200);
      return reply.body.data as { sourcePageId: string | null; stale: Stale[] };
    };

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      const created = await admin.post('/page/create', { title: 'Onderzoek', slug: 'onderzoek', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      source = created.body.data.pageID;
      await store(source, 'Onderzoek', [heading('kop', 'Ons onderzoek'), text('tekst', '<p>Wij onderzoeken de zorg.</p>'), text('slot', '<p>Neem contact op.</p>')]);
      const translated = await admin.post('/page/create-translation', { pageID: source, newLocale: 'en-gb', title: 'Research', slug: 'research' });
      expect(translated.status, JSON.stringify(translated.body.Errors)).to.equal(200);
      translation = translated.body.data.pageID;
      await store(translation, 'Research', [heading('kop', 'Our research'), text('tekst', '<p>We study care.</p>'), text('slot', '<p>Get in touch.</p>')]);
    });
    after(async () => {
      await app?.stop();
    });

    it('flags nothing while the source stays as it was translated', async () => {
      expect(await stale()).to.deep.equal({ sourcePageId: source, stale: [] });
      expect(await stale(source)).to.deep.equal({ sourcePageId: null, stale: [] });
    });

    it('flags a block the source changed, with the props that changed and the text before and now, and counts it on the Translations tab', async () => {
      await store(source, 'Onderzoek', [heading('kop', 'Ons onderzoek'), text('tekst', '<p>Wij onderzoeken de zorg en het onderwijs.</p>'), text('slot', '<p>Neem contact op.</p>'), heading('nieuw', 'Publicaties')]);
      const { stale: flagged } = await stale();
      expect(flagged.map((s) => [s.key, s.kind])).to.deep.equal([
        ['tekst', 'changed'],
        ['nieuw', 'added'],
      ]);
      expect(flagged[0]).to.deep.include({ label: 'Rich text' });
      expect(flagged[0]!.props).to.have.length(1);
      expect(flagged[0]!.before!.props.html).to.equal('<p>Wij onderzoeken de zorg.</p>');
      expect(flagged[0]!.now!.props.html).to.equal('<p>Wij onderzoeken de zorg en het onderwijs.</p>');
      const tab = (await admin.get(`/page/${source}`)).body.data.translations as { pageID: string; staleBlocks?: number }[];
      expect(tab.find((t) => t.pageID === translation)!.staleBlocks).to.equal(2);
    });

    it('clears a block when the translator edits it, and the others when marked up to date', async () => {
      await store(translation, 'Research', [heading('kop', 'Our research'), text('tekst', '<p>We study care and education.</p>'), text('slot', '<p>Get in touch.</p>')]);
      expect((await stale()).stale.map((s) => s.key)).to.deep.equal(['nieuw']);
      const marked = await admin.post(`/page/${translation}/translation/up-to-date`, { blockKeys: ['nieuw'] });
      expect(marked.status, JSON.stringify(marked.body.Errors)).to.equal(200);
      expect((await stale()).stale).to.deep.equal([]);
    });

    it('flags a block removed from the source, and clears all at once', async () => {
      await store(source, 'Onderzoek', [heading('kop', 'Ons onderzoek, vernieuwd'), text('tekst', '<p>Wij onderzoeken de zorg en het onderwijs.</p>'), heading('nieuw', 'Publicaties')]);
      expect((await stale()).stale.map((s) => [s.key, s.kind])).to.deep.equal([
        ['kop', 'changed'],
        ['slot', 'removed'],
      ]);
      expect((await admin.post(`/page/${translation}/translation/up-to-date`, {})).status).to.equal(200);
      expect((await stale()).stale).to.deep.equal([]);
      expect((await admin.get(`/page/${source}`)).body.data.translations[0].staleBlocks).to.equal(0);
    });

    it('refuses to mark a page that is not a translation (V_07), and those who may not edit', async () => {
      const refused = await admin.post(`/page/${source}/translation/up-to-date`, {});
      expect(refused.status).to.equal(400);
      expect(refused.body.Errors[0]).to.include({ code: 'V_07' });
      const reviewer = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `auditor-${kind}@pagelog.test`, role: 'auditor' });
      expect((await reviewer.client.post(`/page/${translation}/translation/up-to-date`, {})).status).to.equal(403);
      expect((await new ApiClient(app.url).get(`/page/${translation}/translation-status`)).status).to.equal(401);
      expect((await admin.get('/page/nope/translation-status')).status).to.equal(404);
    });
  });
}
