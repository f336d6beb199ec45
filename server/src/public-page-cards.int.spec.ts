import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: 'Beschrijving voor zoekmachines', seoKeywords: [], seoImage: [] };

/**
 * The public site's reads of other pages (cards blocks, overviews, links by page id): published
 * pages only, newest first by their publication date, answered to anyone without a session.
 */
for (const kind of storeKinds()) {
  describe(`public page cards and lists (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let visitor: ApiClient;
    const ids: Record<string, string> = {};

    async function page(slug: string, title: string, over: { type?: string; locale?: string; typeData?: Record<string, unknown>; publish?: boolean } = {}) {
      const created = await admin.post('/page/create', { title, slug, type: over.type ?? 'article', locale: over.locale ?? 'nl-nl', typeData: over.typeData ?? {} });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const { pageID, pageVersionID, revision } = created.body.data;
      const blocks = [{ type: 'heading', key: 'kop', props: { text: title, level: 1 }, anchorPoint: '' }];
      const path = over.publish === false ? `/page/version/${pageVersionID}/store` : `/page/version/${pageVersionID}/store-and-publish`;
      const stored = await admin.post(path, { pageID, revision, title, blocks, ...seo });
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      ids[slug] = pageID;
      return pageID as string;
    }

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      visitor = new ApiClient(app.url);
      ApiClient.sharePositions(admin, visitor);
      await page('oud', 'Oud artikel', { typeData: { publicationDate: '2024-01-10', summary: 'Een samenvatting' } });
      await page('nieuw', 'Nieuw artikel', { typeData: { publicationDate: '2026-03-01' } });
      await page('midden', 'Middelste artikel', { typeData: { publicationDate: '2025-06-15' } });
      await page('concept', 'Concept artikel', { typeData: { publicationDate: '2026-05-01' }, publish: false });
      await page('over-ons', 'Over ons', { type: 'base' });
      await page('engels', 'English article', { locale: 'en-gb', typeData: { publicationDate: '2026-04-01' } });
    });
    after(async () => {
      await app?.stop();
    });

    it('answers the live pages among the ids as cards, in the order asked, to a visitor without a session', async () => {
      const reply = await visitor.post('/page/public-cards', { pageIDs: [ids.midden, ids.concept, 'unknown', ids.oud] });
      expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
      const cards = reply.body.data as { pageID: string; title: string; path: string; summary: string; date: string }[];
      expect(cards.map((c) => c.title)).to.deep.equal(['Middelste artikel', 'Oud artikel']);
      expect(cards[1]).to.include({ path: '/oud', summary: 'Een samenvatting', date: '2024-01-10', type: 'article', locale: 'nl-nl' });
      // No summary in the type data: the SEO description stands in.
      expect(cards[0]!.summary).to.equal('Beschrijving voor zoekmachines');
      expect(reply.headers.get('set-cookie')).to.equal(null);
    });

    it('lists a locale\'s live pages of a type newest first by publication date, paged, with the total', async () => {
      const first = await visitor.post('/page/public-list', { locale: 'nl-nl', type: 'article', count: 2, offset: 0 });
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      expect(first.body.data.total).to.equal(3);
      expect(first.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Nieuw artikel', 'Middelste artikel']);
      const second = await visitor.post('/page/public-list', { locale: 'nl-nl', type: 'article', count: 2, offset: 2 });
      expect(second.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Oud artikel']);
    });

    it('leaves out the excluded page, keeping the window exact', async () => {
      const reply = await visitor.post('/page/public-list', { locale: 'nl-nl', type: 'article', count: 1, offset: 1, excludePageID: ids.nieuw });
      expect(reply.body.data.total).to.equal(2);
      expect(reply.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Oud artikel']);
    });

    it('lists pages of every type when no type is named, and only the locale asked', async () => {
      const reply = await visitor.post('/page/public-list', { locale: 'nl-nl', count: 10 });
      expect(reply.body.data.items.map((c: { title: string }) => c.title)).to.have.members(['Nieuw artikel', 'Middelste artikel', 'Oud artikel', 'Over ons']);
      const english = await visitor.post('/page/public-list', { locale: 'en-gb', count: 10 });
      expect(english.body.data.items.map((c: { path: string }) => c.path)).to.deep.equal(['/en-gb/engels']);
    });

    it('drops a page from lists and cards once it is unpublished', async () => {
      const unpublished = await admin.post(`/page/${ids.midden}/unpublish`, {});
      expect(unpublished.status, JSON.stringify(unpublished.body)).to.equal(200);
      const list = await visitor.post('/page/public-list', { locale: 'nl-nl', type: 'article', count: 10 });
      expect(list.body.data.items.map((c: { title: string }) => c.title)).to.deep.equal(['Nieuw artikel', 'Oud artikel']);
      const cards = await visitor.post('/page/public-cards', { pageIDs: [ids.midden] });
      expect(cards.body.data).to.deep.equal([]);
    });

    it('answers bad input with the catalogue\'s V_ codes, never a 5xx', async () => {
      const noLocale = await visitor.post('/page/public-list', { type: 'article' });
      expect(noLocale.status).to.equal(400);
      expect(noLocale.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`)).to.include('V_01 locale');
      const badType = await visitor.post('/page/public-list', { locale: 'nl-nl', type: 'nonsense', count: 500 });
      expect(badType.status).to.equal(400);
      expect(badType.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`)).to.include.members(['V_12 type', 'V_12 count']);
      const tooMany = await visitor.post('/page/public-cards', { pageIDs: Array.from({ length: 101 }, (_, i) => `p${i}`) });
      expect(tooMany.status).to.equal(400);
      const notAList = await visitor.post('/page/public-cards', { pageIDs: 'p1' });
      expect(notAList.status).to.equal(400);
    });
  });
}
