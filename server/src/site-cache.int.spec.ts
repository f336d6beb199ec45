import { expect } from 'chai';
import { reactorNames } from '@pagelog/contracts/read-models';
import { FORM_CSRF_COOKIE } from '@pagelog/contracts/site/form-csrf';
import { ApiClient } from './test-kit/api-client';
import { createPublishedPage, publishTitle, sessionCount, visibleAfter } from './test-kit/site-pages';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

/**
 * The public site as visitors meet it (decision 0016): no session, nothing written, every page
 * rendered once per change and served from memory, and a publication visible within a second.
 */
for (const kind of storeKinds()) {
  describe(`the public site for anonymous visitors, from its render cache (${kind}${kind === 'postgres' && process.env.TEST_REDIS_URL ? ', sessions in Redis' : ''})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let pageID: string;

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      pageID = await createPublishedPage(admin, { slug: 'over-ons', title: 'Over ons' });
      await visibleAfter(`${app.url}/over-ons`, 'Over ons', performance.now());
    });
    after(async () => {
      await app?.stop();
    });

    it('writes nothing and sets no cookie on a page view or a 404', async () => {
      const sessions = await sessionCount(app.env);
      const head = await app.stores.eventStore.headPosition();
      for (const path of ['/over-ons', '/over-ons', '/bestaat-niet', '/en-gb/nothing-here']) {
        const res = await fetch(`${app.url}${path}`, { redirect: 'manual' });
        expect(res.headers.getSetCookie(), path).to.deep.equal([]);
        await res.arrayBuffer();
      }
      expect(await sessionCount(app.env)).to.equal(sessions);
      expect(await app.stores.eventStore.headPosition()).to.equal(head);
    });

    it('answers the API reads the site makes without a cookie and without a session for an anonymous caller', async () => {
      const sessions = await sessionCount(app.env);
      for (const path of ['/api/cms/page/get-by-slug-query?slug=%2Fover-ons', `/api/cms/page/get-sibling-slugs/${pageID}`, '/api/cms/settings/get', '/api/cms/page/get-by-slug-query?slug=%2Fweg']) {
        const res = await fetch(`${app.url}${path}`);
        expect(res.status, path).to.be.oneOf([200, 404]);
        expect(res.headers.getSetCookie(), path).to.deep.equal([]);
        await res.arrayBuffer();
      }
      expect(await sessionCount(app.env)).to.equal(sessions);
    });

    it('serves a page from memory with a strong ETag and 304, cacheable by a CDN, compressed', async () => {
      const first = await fetch(`${app.url}/over-ons`, { headers: { 'Accept-Encoding': 'br' } });
      await first.arrayBuffer();
      expect(first.headers.get('cache-control')).to.match(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
      expect(first.headers.get('content-encoding')).to.equal('br');
      expect(first.headers.get('vary')).to.equal('Accept-Encoding');
      const again = await fetch(`${app.url}/over-ons`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
      expect(again.status).to.equal(304);
      expect(app.siteCache.get('/over-ons')?.status).to.equal(200);
    });

    it('shows a published change at the next views within a second of the publication being acknowledged', async () => {
      await visibleAfter(`${app.url}/over-ons`, 'Over ons', performance.now());
      const acknowledged = await publishTitle(admin, pageID, 'Over ons, vernieuwd').then(() => performance.now());
      const elapsed = await visibleAfter(`${app.url}/over-ons`, 'Over ons, vernieuwd', acknowledged, 5_000);
      expect(elapsed).to.be.below(1_000);
    });

    it('shows a page published at a path that answered 404, and 404 again once it is unpublished', async () => {
      expect((await fetch(`${app.url}/nieuw`)).status).to.equal(404);
      const since = performance.now();
      const id = await createPublishedPage(admin, { slug: 'nieuw', title: 'Nieuwe pagina' });
      expect(await visibleAfter(`${app.url}/nieuw`, 'Nieuwe pagina', since)).to.be.below(2_000);
      const page = (await admin.get(`/page/${id}`)).body.data as { revision: number };
      expect((await admin.post(`/page/${id}/unpublish`, { revision: page.revision })).status).to.equal(200);
      const deadline = performance.now() + 1_000;
      let status = 200;
      while (status !== 404 && performance.now() < deadline) {
        status = (await fetch(`${app.url}/nieuw`)).status;
        if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(status).to.equal(404);
    });

    it('keeps a tag page until a page with its tag is published, not when a page without it is', async () => {
      /** A new page with `tags`, published. */
      const tagged = async (slug: string, title: string, tags: string[]) => {
        const created = await admin.post('/page/create', { title, slug, type: 'article', locale: 'nl-nl' });
        expect(created.status).to.equal(200);
        const id = created.body.data.pageID as string;
        if (tags.length > 0) expect((await admin.post(`/page/${id}/tags`, { tags: tags.map((name) => ({ name, visibility: 'public' })) })).status).to.equal(200);
        return publishTitle(admin, id, title);
      };
      const first = await tagged('klimaat-1', 'Klimaatadaptatie in de stad', ['Klimaat']);
      await visibleAfter(`${app.url}/tag/klimaat`, 'Klimaatadaptatie in de stad', performance.now());
      // The publication's own invalidation may reach the cache after that first view (it travels through Redis or NOTIFY): view again once it has.
      expect(await app.stores.readModels.waitForCheckpoints([reactorNames.siteCache], first, 5_000)).to.equal(true);
      const deadline = performance.now() + 2_000;
      while (app.siteCache.get('/tag/klimaat')?.status !== 200 && performance.now() < deadline) {
        await fetch(`${app.url}/tag/klimaat`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(app.siteCache.get('/tag/klimaat')?.status).to.equal(200);

      const untagged = await tagged('los-artikel', 'Een los artikel', []);
      expect(await app.stores.readModels.waitForCheckpoints([reactorNames.siteCache], untagged, 5_000)).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(app.siteCache.get('/tag/klimaat')?.status, 'kept after a publication without the tag').to.equal(200);

      const acknowledged = await tagged('klimaat-2', 'Hittestress op het schoolplein', ['Klimaat']).then(() => performance.now());
      expect(await visibleAfter(`${app.url}/tag/klimaat`, 'Hittestress op het schoolplein', acknowledged, 5_000)).to.be.below(1_000);
    });

    it('hands a public form its token with a cookie for the form endpoints only, and no session', async () => {
      const sessions = await sessionCount(app.env);
      const res = await fetch(`${app.url}/api/cms/forms/csrf-token`);
      expect(res.status).to.equal(200);
      const body = (await res.json()) as { data: { csrfToken: string } };
      expect(body.data.csrfToken).to.match(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
      const cookies = res.headers.getSetCookie();
      expect(cookies).to.have.length(1);
      expect(cookies[0]).to.match(new RegExp(`^${FORM_CSRF_COOKIE}=${body.data.csrfToken.replace(/\./g, '\\.')}; `));
      expect(cookies[0]!.toLowerCase()).to.include('path=/api/cms/forms').and.include('samesite=strict');
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(await sessionCount(app.env)).to.equal(sessions);
    });
  });
}
