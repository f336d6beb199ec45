import { expect } from 'chai';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { pdf } from './test-kit/media-requests';
import { visibleAfter } from './test-kit/site-pages';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

function ok(reply: ApiReply): ApiReply {
  expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
  return reply;
}

/** The titles of an overview's cards in the order the page shows them. */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h2 class="page-card__title"><a class="page-card__link" href="[^"]*">([^<]*)<\/a><\/h2>/g)].map((m) => m[1]!);
}

/**
 * The page types through the product: an overview lists the published pages of its type, newest
 * first, a page at a time (`?page=N` kept apart in the render cache), and follows publications;
 * a publication's main download is a library file its type data names, offered on the site and
 * counted where the file is used.
 */
for (const kind of storeKinds()) {
  describe(`page types on the public site (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;

    async function page(slug: string, title: string, type: string, typeData: Record<string, unknown>, { publish = true, blocks = [] as unknown[] } = {}): Promise<string> {
      const created = ok(await admin.post('/page/create', { title, slug, type, locale: 'nl-nl', typeData }));
      const { pageID, pageVersionID, revision } = created.body.data;
      ok(await admin.post(`/page/version/${pageVersionID}/${publish ? 'store-and-publish' : 'store'}`, { pageID, revision, title, blocks, ...seo }));
      return pageID as string;
    }

    const html = async (path: string) => {
      const res = await fetch(`${app.url}${path}`);
      return { status: res.status, body: await res.text() };
    };

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      await page('publicaties', 'Publicaties', 'overview', { listedType: 'publication', pageSize: 2 }, { blocks: [{ type: 'text', key: 'intro', props: { html: '<p>Al ons onderzoek.</p>' }, anchorPoint: '' }] });
      await page('publicaties/warmtenet', 'Warmtenet', 'publication', { publicationDate: '2026-02-01', summary: 'Wat bewoners willen weten.' });
      await page('publicaties/wijkverpleging', 'Wijkverpleging', 'publication', { publicationDate: '2026-01-15' });
      await page('publicaties/evaluaties', 'Evaluaties', 'publication', { publicationDate: '2025-11-20' });
      await page('publicaties/concept', 'Concept', 'publication', { publicationDate: '2026-06-01' }, { publish: false });
      await page('nieuws/bericht', 'Een artikel', 'article', { publicationDate: '2026-05-01' });
      await visibleAfter(`${app.url}/publicaties`, 'Warmtenet', performance.now());
    });
    after(async () => {
      await app?.stop();
    });

    it('lists the published pages of its type in its language, newest first, a page at a time', async () => {
      const first = await html('/publicaties');
      expect(first.status).to.equal(200);
      expect(first.body).to.include('Al ons onderzoek.');
      expect(cardTitles(first.body)).to.deep.equal(['Warmtenet', 'Wijkverpleging']);
      expect(first.body).to.include('<time dateTime="2026-02-01">1 februari 2026</time>');
      expect(first.body).to.include('<link rel="next" href="http://');
      expect(first.body).to.match(/<a rel="next" href="\/publicaties\?page=2">Volgende<\/a>/);

      const second = await html('/publicaties?page=2');
      expect(second.status).to.equal(200);
      expect(cardTitles(second.body)).to.deep.equal(['Evaluaties']);
      expect(second.body).to.match(/<a rel="prev" href="\/publicaties">Vorige<\/a>/);
      expect(second.body).to.match(/<link rel="canonical" href="[^"]*\/publicaties\?page=2">/);
      expect(second.body).to.match(/aria-label="Pagina 2" aria-current="page"/);
    });

    it('keeps each page of the list apart in the render cache, and ignores any other query', async () => {
      // An invalidation of the pages made in `before` may still be on its way (the site-cache
      // reactor follows the log): ask until the answer is kept, as a visitor's next view would find it.
      const deadline = Date.now() + 10_000;
      do {
        await html('/publicaties?page=2');
        if (app.siteCache.get('/publicaties?page=2')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } while (Date.now() < deadline);
      expect(app.siteCache.get('/publicaties?page=2')?.status).to.equal(200);
      for (const path of ['/publicaties?page=1', '/publicaties?page=abc', '/publicaties?page=02', '/publicaties?utm_source=nieuwsbrief', '/publicaties?page=2&page=3']) {
        expect(cardTitles((await html(path)).body), path).to.deep.equal(['Warmtenet', 'Wijkverpleging']);
      }
      expect(app.siteCache.get('/publicaties?page=abc')).to.equal(undefined);
    });

    it('answers a page past the last one with 404, saying so on the overview', async () => {
      const past = await html('/publicaties?page=9');
      expect(past.status).to.equal(404);
      expect(past.body).to.include('Deze pagina van de lijst bestaat niet.');
      expect(past.body).to.include('<a href="/publicaties">Naar de eerste pagina</a>');
    });

    it('shows a newly published page of its type at the top at the next view, moving the others along', async () => {
      await html('/publicaties');
      await html('/publicaties?page=2');
      const since = performance.now();
      await page('publicaties/energiearmoede', 'Energiearmoede', 'publication', { publicationDate: '2026-03-10' });
      expect(await visibleAfter(`${app.url}/publicaties`, 'Energiearmoede', since)).to.be.below(2_000);
      expect(cardTitles((await html('/publicaties')).body)).to.deep.equal(['Energiearmoede', 'Warmtenet']);
      await visibleAfter(`${app.url}/publicaties?page=2`, 'Wijkverpleging', since);
      expect(cardTitles((await html('/publicaties?page=2')).body)).to.deep.equal(['Wijkverpleging', 'Evaluaties']);
    });

    it("offers a publication's main download from the media library, with its type and size, and counts it where the file is used", async () => {
      const form = new FormData();
      form.append('path', '/');
      form.append('f', new Blob([new Uint8Array(pdf())]), 'Rapport warmtenet.pdf');
      const item = ok(await admin.post('/medialib/add-file', form)).body.data.item as { id: string; hash: string; size: number; contentType: string };
      const created = ok(await admin.post('/page/create', { title: 'Het rapport', slug: 'publicaties/rapport', type: 'publication', locale: 'nl-nl', typeData: {} }));
      const { pageID } = created.body.data as { pageID: string };

      const missing = await admin.put(`/page/${pageID}/save`, { slug: 'publicaties/rapport', shouldUpdateLinks: false, typeData: { mainDownload: { hash: 'f'.repeat(64), fileName: 'weg.pdf' } } });
      expect(missing.status).to.equal(400);
      expect(missing.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`)).to.deep.equal(['V_12 typeData.mainDownload.hash']);

      const mainDownload = { hash: item.hash, fileName: 'Rapport warmtenet.pdf', size: item.size, contentType: item.contentType };
      ok(await admin.put(`/page/${pageID}/save`, { slug: 'publicaties/rapport', shouldUpdateLinks: false, typeData: { publicationDate: '2026-03-01', mainDownload } }));
      ok(await admin.post(`/page/${pageID}/publish`, {}));
      await visibleAfter(`${app.url}/publicaties/rapport`, 'main-download', performance.now());
      const body = (await html('/publicaties/rapport')).body;
      const href = /<a class="main-download__link" href="([^"]+)"/.exec(body)![1]!.replace(/&amp;/g, '&');
      expect(href).to.equal(`/api/cms/medialib/get-page-file/${pageID}/type_file_mainDownload/${item.hash}/Rapport%20warmtenet.pdf?download=1`);
      expect(body).to.include(`<span class="main-download__details"> (PDF, ${pdf().length} B)</span>`);
      const file = await fetch(`${app.url}${href}`);
      expect(file.status).to.equal(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf())).to.equal(true);
      expect(file.headers.get('content-disposition')).to.match(/^attachment/);

      const usedBy = ok(await admin.post('/medialib/list-pages-by-file', { fileID: item.id })).body.data as { items: { pageID: string; inPublished: boolean }[] };
      expect(usedBy.items.find((p) => p.pageID === pageID)).to.include({ inPublished: true });
    });
  });
}
