import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/**
 * The preview of a draft (issue 14): the editor's unsaved page sealed by the API into a token, and
 * rendered by the public site at POST /_preview with its own components, as a preview no one keeps
 * or indexes; nothing of it reaches the public page.
 */
for (const kind of storeKinds()) {
  describe(`previews of a draft (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let pageID: string;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      const created = await admin.post('/page/create', { title: 'Vacatures', slug: 'vacatures', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      pageID = created.body.data.pageID;
    });
    after(async () => {
      await app?.stop();
    });

    const draft = (blocks: unknown[], title = 'Vacatures (concept)') => ({ title, blocks, ...seo });
    const heading = (text: string) => ({ type: 'heading', key: 'h', props: { text, level: 2 }, anchorPoint: '' });
    const showPreview = (token: string) =>
      fetch(`${app.url}/_preview`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });

    it('renders the unsaved draft with the site\'s own components, marked as a preview, kept by no one and not indexed', async () => {
      const sealed = await admin.post(`/page/${pageID}/preview`, draft([heading('Nog niet live'), { type: 'text', key: 't', props: { html: '<p>Werk bij <strong>ons</strong><script>alert(1)</script></p>' }, anchorPoint: '' }]));
      expect(sealed.status, JSON.stringify(sealed.body)).to.equal(200);
      expect(sealed.body.data.token).to.be.a('string');
      const shown = await showPreview(sealed.body.data.token);
      expect(shown.status).to.equal(200);
      expect(shown.headers.get('cache-control')).to.equal('no-store');
      expect(shown.headers.get('x-robots-tag')).to.equal('noindex, nofollow');
      expect(shown.headers.get('set-cookie')).to.equal(null);
      const html = await shown.text();
      expect(html).to.include('<h2 class="block block-heading">Nog niet live</h2>');
      expect(html).to.include('<strong>ons</strong>');
      expect(html).to.not.include('<script>alert(1)');
      expect(html).to.include('Voorbeeld: deze versie is niet gepubliceerd.');
      expect(html).to.include('<meta name="robots" content="noindex, nofollow">');
      // Nothing of it is public: the page was never published.
      expect((await fetch(`${app.url}/vacatures`)).status).to.equal(404);
    });

    it('refuses a token it did not seal or that was changed (400, V_12 on token), and a GET', async () => {
      const sealed = await admin.post(`/page/${pageID}/preview`, draft([heading('Echt')]));
      const [payload, expiry, signature] = (sealed.body.data.token as string).split('.') as [string, string, string];
      const forged = `${Buffer.from(JSON.stringify({ slug: 'x', locale: 'nl-nl', pageVersion: { blocks: [] } })).toString('base64url')}.${expiry}.${signature}`;
      for (const token of [forged, `${payload}.${expiry}.${'A'.repeat(43)}`, '', 'onzin']) {
        const shown = await showPreview(token);
        expect(shown.status, token).to.equal(400);
        expect(await shown.text()).to.include('Open it again from the page editor.');
      }
      const opened = await new ApiClient(app.url).post('/page/preview/open', { token: forged });
      expect([opened.status, opened.body.Errors[0].code, opened.body.Errors[0].property]).to.deep.equal([400, 'V_12', 'token']);
      expect((await fetch(`${app.url}/_preview`)).status).to.equal(405);
    });

    it('seals a preview only for someone signed in, and of a page that exists', async () => {
      const anonymous = new ApiClient(app.url);
      await anonymous.post('/auth/user');
      expect((await anonymous.post(`/page/${pageID}/preview`, draft([heading('x')]))).status).to.equal(401);
      const missing = await admin.post('/page/onbekend/preview', draft([heading('x')]));
      expect([missing.status, missing.body.Errors[0].code]).to.deep.equal([404, 'PM_01']);
      const malformed = await admin.post(`/page/${pageID}/preview`, draft(['geen blok']));
      expect(malformed.status).to.equal(400);
    });

    it('gives a stored version a signed link a reviewer can open for a week, showing that version', async () => {
      const page = await admin.get(`/page/${pageID}`);
      const versionID = page.body.data.draftVersionID as string;
      const stored = await admin.post(`/page/version/${versionID}/store`, { pageID, revision: page.body.data.revision, title: 'Vacatures', blocks: [heading('Wij zoeken een onderzoeker')], ...seo });
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      const link = await admin.post(`/page/version/${versionID}/preview-link`, {});
      expect(link.status, JSON.stringify(link.body)).to.equal(200);
      expect(link.body.data.url).to.match(/^\/_preview\/[A-Za-z0-9_.-]+$/);
      expect(Date.parse(link.body.data.expiresAt) - Date.now()).to.be.above(6 * 24 * 3600_000);
      // Opened by anyone who has it (a reviewer's browser, no session needed), kept by no one.
      const shown = await fetch(`${app.url}${link.body.data.url}`);
      expect(shown.status).to.equal(200);
      expect(shown.headers.get('cache-control')).to.equal('no-store');
      expect(shown.headers.get('referrer-policy')).to.equal('no-referrer');
      expect(await shown.text()).to.include('Wij zoeken een onderzoeker');
      expect((await fetch(`${app.url}${link.body.data.url.slice(0, -3)}abc`)).status).to.equal(400);
      const missing = await admin.post('/page/version/onbekend/preview-link', {});
      expect([missing.status, missing.body.Errors[0].code]).to.deep.equal([404, 'PM_01']);
      const anonymous = new ApiClient(app.url);
      await anonymous.post('/auth/user');
      expect((await anonymous.post(`/page/version/${versionID}/preview-link`, {})).status).to.equal(401);
    });
  });
}
