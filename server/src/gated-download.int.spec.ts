import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { Visitor } from './test-kit/form-visitor';
import { fileForm, pdf } from './test-kit/media-requests';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 6_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * A publication's main download behind its download form (issue 16): the page names the file but
 * does not link it, the file's address refuses a visitor without a link (403) and one with a
 * forged, changed or expired token, a visitor who fills in the form gets a link that opens the
 * file (never cached), an editor signed in opens it as it is, and a page without the form keeps
 * its download open to all.
 */
for (const kind of storeKinds()) {
  describe(`a download behind the download form (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let report: { id: string; hash: string };
    let pageID: string;
    const bytes = pdf();

    async function publication(slug: string, withForm: boolean): Promise<string> {
      const typeData = { authors: 'Marieke Jansen', publicationDate: '2026-02-10', summary: '', mainDownload: { hash: report.hash, fileName: 'Warmtenet-rapport.pdf' } };
      const created = await admin.post('/page/create', { title: 'Warmtenet', slug, type: 'publication', locale: 'nl-nl', content: '', typeData });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      const { pageID: id, pageVersionID, revision } = created.body.data;
      const blocks = [
        { type: 'text', key: 'intro', props: { html: '<p>Het rapport.</p>' }, anchorPoint: '' },
        ...(withForm ? [{ type: 'formEmbed', key: 'rapport', props: { form: 'download', title: 'Download het rapport' }, anchorPoint: '' }] : []),
      ];
      const stored = await admin.post(`/page/version/${pageVersionID}/store-and-publish`, { pageID: id, revision, title: 'Warmtenet', blocks, ...seo });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
      return id;
    }

    const fileUrl = (page: string, token?: string) =>
      `${app.url}/api/cms/medialib/get-page-file/${page}/type_file_mainDownload/${report.hash}/Warmtenet-rapport.pdf?download=1${token === undefined ? '' : `&token=${encodeURIComponent(token)}`}`;

    before(async () => {
      app = await startTestPagelog(kind, { seed: true });
      admin = await ApiClient.loggedIn(app.url);
      const uploaded = await admin.post('/medialib/add-file', fileForm(bytes, 'Warmtenet-rapport.pdf', { path: '/' }));
      expect(uploaded.status, JSON.stringify(uploaded.body.Errors)).to.equal(200);
      report = { id: uploaded.body.data.item.id, hash: uploaded.body.data.item.hash };
      pageID = await publication(`publicaties/warmtenet-${kind}`, true);
    });
    after(async () => {
      await app?.stop();
    });

    it('names the file on the page without its link, and points to the form', async () => {
      const html = await until(
        async () => (await fetch(`${app.url}/publicaties/warmtenet-${kind}`)).text(),
        (body) => body.includes('Download het rapport'),
      );
      expect(html).to.include('Warmtenet-rapport.pdf');
      expect(html).to.include('<a class="main-download__gate" href="#form-rapport">Vul het formulier in om dit bestand te downloaden.</a>');
      expect(html).to.include('id="form-rapport"');
      expect(html).to.not.include('get-page-file');
    });

    it('refuses the file to a visitor without a link, or with a forged or altered token (403), and lets an editor open it', async () => {
      const bare = await fetch(fileUrl(pageID));
      expect(bare.status).to.equal(403);
      expect(((await bare.json()) as { Errors: { code: string }[] }).Errors[0]!.code).to.equal('V_04');
      const farFuture = String(Math.floor(Date.now() / 1000) + 86_400);
      expect((await fetch(fileUrl(pageID, `${farFuture}.${'A'.repeat(43)}`))).status).to.equal(403);
      expect((await fetch(fileUrl(pageID, 'not-a-token'))).status).to.equal(403);
      const asEditor = await fetch(fileUrl(pageID), { headers: { Cookie: admin.cookie! } });
      expect(asEditor.status).to.equal(200);
      // Never kept by a shared cache, whoever asked: an editor's answer must not reach a visitor.
      expect(asEditor.headers.get('cache-control')).to.equal('private, no-store');
    });

    it('hands a visitor who fills in the form a link to the file, which opens it for that file alone, uncached', async () => {
      const visitor = await new Visitor(app.url).start();
      const reply = await visitor.submit({
        form: 'download',
        locale: 'nl-nl',
        pageId: pageID,
        values: { name: 'Joris de Boer', email: 'joris@example.nl', organisation: 'Gemeente Zeist', privacyConsent: true },
        website: '',
        startedAt: Date.now() - 10_000,
      });
      expect(reply.status, JSON.stringify(reply.Errors)).to.equal(200);
      const download = (reply.data as unknown as { download: { url: string; fileName: string; expiresAt: string } }).download;
      expect(download.fileName).to.equal('Warmtenet-rapport.pdf');
      expect(Date.parse(download.expiresAt) - Date.now()).to.be.within(23.9 * 3_600_000, 24.01 * 3_600_000);
      const file = await fetch(`${app.url}${download.url}`);
      expect(file.status).to.equal(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).to.equal(true);
      expect(file.headers.get('cache-control')).to.equal('private, no-store');
      expect(file.headers.get('content-disposition')).to.include('attachment');

      // The token names this page's file: on another page, or with its expiry changed, it opens nothing.
      const token = new URL(download.url, app.url).searchParams.get('token')!;
      const [expiry, mac] = token.split('.');
      expect((await fetch(fileUrl(pageID, `${Number(expiry) + 60}.${mac}`))).status).to.equal(403);
      const other = await publication(`publicaties/ander-${kind}`, true);
      expect((await until(() => fetch(fileUrl(other)), (r) => r.status !== 404)).status).to.equal(403);
      expect((await fetch(fileUrl(other, token))).status).to.equal(403);
    });

    it('shows the link in the thank-you text of the page answering the form sent without JavaScript', async () => {
      const path = `/publicaties/warmtenet-${kind}`;
      const form = new URLSearchParams({ _form: 'download', _block: 'rapport', _page: pageID, _locale: 'nl-nl', startedAt: String(Date.now() - 10_000), website: '', name: 'Mila', email: 'mila@example.nl', organisation: '', privacyConsent: 'on' });
      const res = await fetch(`${app.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url }, body: form.toString() });
      expect(res.status).to.equal(200);
      const html = await res.text();
      const link = /<p class="block-form__download">Uw bestand: <a class="button button--primary block-form__download-link" href="([^"]+)" download="Warmtenet-rapport.pdf">Warmtenet-rapport.pdf<\/a><\/p>/.exec(html);
      expect(link, 'the download link in the thank-you text').to.not.equal(null);
      const file = await fetch(`${app.url}${link![1]!.replaceAll('&amp;', '&')}`);
      expect(file.status).to.equal(200);
    });

    it('gives no link for a page without the form, whose download stays open to all', async () => {
      const open = await publication(`publicaties/open-${kind}`, false);
      const file = await until(
        () => fetch(fileUrl(open)),
        (r) => r.status === 200,
      );
      expect(file.status).to.equal(200);
      const visitor = await new Visitor(app.url).start();
      const reply = await visitor.submit({ form: 'download', locale: 'nl-nl', pageId: open, values: { name: 'Eva', email: 'eva@example.nl', organisation: '', privacyConsent: true }, website: '', startedAt: Date.now() - 10_000 });
      expect(reply.status, JSON.stringify(reply.Errors)).to.equal(200);
      expect(reply.data).to.not.have.property('download');
    });
  });
}
