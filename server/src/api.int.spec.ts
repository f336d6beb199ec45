import { expect } from 'chai';
import { POSITION_HEADER } from '@pagelog/contracts/envelope';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const page = (over: Record<string, unknown> = {}) => ({
  title: 'Over ons',
  slug: 'over-ons',
  type: 'article',
  locale: 'nl-nl',
  content: '',
  typeData: {},
  ...over,
});

const blocks = [
  { type: 'heading', key: 'h', props: { text: 'Wie wij zijn', level: 1 }, anchorPoint: '' },
  { type: 'text', key: 't', props: { html: '<p>Tekst</p>' }, anchorPoint: 'meer' },
];

for (const kind of storeKinds()) {
  describe(`the page slice through HTTP (${kind})`, function () {
    this.timeout(30_000);
    let app: TestPagelog;
    let api: ApiClient;

    beforeEach(async () => {
      app = await startTestPagelog(kind);
      api = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      await app.stop();
    });

    async function createStoreAndPublish(over: Record<string, unknown> = {}) {
      const created = await api.post('/page/create', page(over));
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const { pageID, pageVersionID, revision } = created.body.data;
      const stored = await api.post(`/page/version/${pageVersionID}/store`, {
        pageID,
        revision,
        title: String(over.title ?? 'Over ons'),
        blocks,
        seoTitle: 'Wie wij zijn',
        seoDescription: 'Over het bureau',
        seoKeywords: ['team', 'bureau'],
        seoImage: [],
      });
      expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
      const published = await api.post(`/page/${pageID}/publish`, { revision: stored.body.data.revision });
      expect(published.status, JSON.stringify(published.body)).to.equal(200);
      return { pageID, pageVersionID, revision: published.body.data.revision as number };
    }

    describe('GET /settings/get', () => {
      it('answers the settings seeded from configuration', async () => {
        const reply = await api.get('/settings/get');
        expect(reply.status).to.equal(200);
        expect(reply.body).to.deep.equal({
          Success: true,
          Errors: [],
          data: {
            availableLocales: ['nl-nl', 'en-gb'],
            defaultLocale: 'nl-nl',
            customSlugLocales: [],
            // The site settings (issue 13): the configured name, nothing else set yet.
            site: {
              name: 'Pagelog',
              logo: null,
              contact: { streetAddress: '', postalCode: '', city: '', country: '', phone: '', email: '', chamberOfCommerceNumber: '' },
              social: [],
              defaultSeoImage: null,
            },
          },
        });
      });
    });

    describe('POST /page/create', () => {
      it('answers pageID, pageVersionID and the position, in the body and the header', async () => {
        const reply = await api.post('/page/create', page());
        expect(reply.status).to.equal(200);
        expect(reply.body.Success).to.equal(true);
        expect(reply.body.data.pageID).to.be.a('string').with.length.greaterThan(10);
        expect(reply.body.data.pageVersionID).to.be.a('string').and.not.equal(reply.body.data.pageID);
        expect(reply.body.data.position).to.be.a('number').greaterThan(0);
        expect(reply.headers.get(POSITION_HEADER)).to.equal(String(reply.body.data.position));
      });

      it('is readable at once by a query sent with the position (read-your-writes)', async () => {
        for (let i = 0; i < 10; i++) {
          const created = await api.post('/page/create', page({ slug: `pagina-${i}`, title: `Pagina ${i}` }));
          const read = await api.get(`/page/${created.body.data.pageID}`);
          expect(read.status).to.equal(200);
          expect(read.body.data).to.include({ title: `Pagina ${i}`, slug: `pagina-${i}`, status: 'concept', locale: 'nl-nl', type: 'article' });
          expect(read.headers.get('x-pagelog-stale')).to.equal(null);
        }
      });

      it('names each invalid property with its catalogue message', async () => {
        const reply = await api.post('/page/create', { slug: 'Not A Slug!', type: 'carousel', locale: 'xx-xx' });
        expect(reply.status).to.equal(400);
        expect(reply.body.Success).to.equal(false);
        expect(reply.body.Errors).to.deep.include.members([
          { code: 'V_01', property: 'title', model: 'page', message: 'The Title field is required.' },
          { code: 'V_12', property: 'slug', model: 'page', message: 'The Slug is not valid.' },
          { code: 'V_12', property: 'type', model: 'page', message: 'The Type is not valid.' },
          { code: 'V_12', property: 'locale', model: 'page', message: 'The Locale is not valid.' },
        ]);
      });

      it('answers V_11 for a title of 255 characters or more', async () => {
        const reply = await api.post('/page/create', page({ title: 'x'.repeat(255) }));
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors).to.deep.equal([{ code: 'V_11', property: 'title', model: 'page', message: 'Must be less than 255 characters.' }]);
      });

      it('refuses a locale the site does not offer', async () => {
        const reply = await api.post('/page/create', page({ locale: 'de-de' }));
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors[0]).to.include({ code: 'V_12', property: 'locale' });
      });

      it('answers V_06 for a slug taken in the same locale, and allows it in another', async () => {
        expect((await api.post('/page/create', page())).status).to.equal(200);
        const again = await api.post('/page/create', page({ title: 'Nog een' }));
        expect(again.status).to.equal(400);
        expect(again.body.Errors).to.deep.equal([{ code: 'V_06', property: 'slug', model: 'page', message: 'Slug already exists.' }]);
        expect((await api.post('/page/create', page({ locale: 'en-gb' }))).status).to.equal(200);
      });

      it('lets exactly one of several concurrent creates with the same slug win', async () => {
        const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post('/page/create', page({ title: `Race ${i}` }))));
        expect(replies.filter((r) => r.status === 200)).to.have.length(1);
        for (const r of replies.filter((x) => x.status !== 200)) expect(r.body.Errors[0].code).to.equal('V_06');
      });
    });

    describe('POST /page/version/{id}/store', () => {
      it('stores the draft and the version reads back with its blocks and SEO fields', async () => {
        const created = await api.post('/page/create', page());
        const { pageID, pageVersionID, revision } = created.body.data;
        const stored = await api.post(`/page/version/${pageVersionID}/store`, {
          pageID, revision, title: 'Over ons', blocks, seoTitle: 'SEO', seoDescription: 'Beschrijving', seoKeywords: ['a', 'b'], seoImage: ['/beeld.png'],
        });
        expect(stored.status).to.equal(200);
        expect(stored.body.data.pageVersionID).to.equal(pageVersionID);
        expect(stored.body.data.revision).to.equal(revision + 1);
        const version = await api.get(`/page/version/fetch/${pageVersionID}`);
        expect(version.status).to.equal(200);
        expect(version.body.data.pageVersion).to.deep.include({
          id: pageVersionID, pageID, title: 'Over ons', blocks: blocks.map((b) => ({ ...b, __images: [], __files: [] })), seoTitle: 'SEO', seoDescription: 'Beschrijving',
          seoKeywords: ['a', 'b'], seoImage: ['/beeld.png'], hasPublicationRequest: false,
        });
      });

      it('answers 409 with the current revision for a stale save, and keeps the newer version', async () => {
        const { pageID, pageVersionID, revision } = (await api.post('/page/create', page())).body.data;
        const first = await api.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Eerste', blocks: [] });
        expect(first.status).to.equal(200);
        const stale = await api.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Tweede', blocks: [] });
        expect(stale.status).to.equal(409);
        expect(stale.body.Success).to.equal(false);
        expect(stale.body.data).to.deep.include({ currentRevision: revision + 1, conflicts: ['title'] });
        expect(stale.body.data.current).to.deep.include({ versionId: pageVersionID, title: 'Eerste' });
        const version = await api.get(`/page/version/fetch/${pageVersionID}`);
        expect(version.body.data.pageVersion.title).to.equal('Eerste');
      });

      it('lets exactly one of several concurrent stores of the same revision win', async () => {
        const { pageID, pageVersionID, revision } = (await api.post('/page/create', page())).body.data;
        const replies = await Promise.all(
          Array.from({ length: 5 }, (_, i) => api.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: `Versie ${i}`, blocks: [] })),
        );
        expect(replies.map((r) => r.status).sort()).to.deep.equal([200, 409, 409, 409, 409]);
        const winner = replies.find((r) => r.status === 200)!;
        const version = await api.get(`/page/version/fetch/${pageVersionID}`);
        expect(`Versie ${replies.indexOf(winner)}`).to.equal(version.body.data.pageVersion.title);
      });

      it('names invalid blocks by index', async () => {
        const { pageID, pageVersionID, revision } = (await api.post('/page/create', page())).body.data;
        const reply = await api.post(`/page/version/${pageVersionID}/store`, {
          pageID, revision, title: 'x', blocks: [{ type: 'heading', key: 'a', props: { level: 9 }, anchorPoint: '1bad' }],
        });
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`)).to.include('V_12 blocks[0].anchorPoint');
      });

      it('answers 404 PM_01 for an unknown page, whatever revision the caller sends', async () => {
        for (const revision of [0, 3]) {
          const reply = await api.post('/page/version/nope/store', { pageID: '0190a000-0000-7000-8000-000000000000', revision, title: 'x', blocks: [] });
          expect(reply.status).to.equal(404);
          expect(reply.body.Errors[0]).to.include({ code: 'PM_01', message: 'Failed to get the page from the database.' });
        }
      });
    });

    describe('POST /page/{id}/publish and the public look-up', () => {
      it('makes the page readable by slug, with its blocks in order and its SEO fields', async () => {
        const { pageID, pageVersionID } = await createStoreAndPublish();
        const reply = await api.post('/page/get-by-slug', { slug: '/over-ons' });
        expect(reply.status).to.equal(200);
        expect(reply.body.data.page).to.deep.include({ slug: 'over-ons', type: 'article', locale: 'nl-nl' });
        expect(reply.body.data.page.pageVersion).to.deep.include({ pageID, versionID: pageVersionID, title: 'Over ons', seoTitle: 'Wie wij zijn', seoKeywords: ['team', 'bureau'] });
        expect(reply.body.data.page.pageVersion.blocks.map((b: { key: string }) => b.key)).to.deep.equal(['h', 't']);
        const viaQuery = await api.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/over-ons')}`);
        expect(viaQuery.status).to.equal(200);
        expect(viaQuery.body.data).to.deep.equal(reply.body.data);
        const read = await api.get(`/page/${pageID}`);
        expect(read.body.data).to.include({ status: 'published', publishedVersionID: pageVersionID });
      });

      it('recognises a locale prefix and otherwise uses the default locale', async () => {
        await createStoreAndPublish({ locale: 'en-gb', slug: 'about', title: 'About' });
        expect((await api.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/en-gb/about')}`)).status).to.equal(200);
        expect((await api.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/about')}`)).status).to.equal(404);
      });

      it('does not show a draft that was never published', async () => {
        await api.post('/page/create', page());
        const reply = await api.post('/page/get-by-slug', { slug: '/over-ons' });
        expect(reply.status).to.equal(404);
      });

      it('answers 404 with the site\'s 404 page, or with no page when there is none', async () => {
        const none = await api.post('/page/get-by-slug', { slug: '/bestaat-niet' });
        expect(none.status).to.equal(404);
        expect(none.body.data).to.deep.equal({ page: null });
        expect(none.body.Errors[0].code).to.equal('PM_01');
        await createStoreAndPublish({ slug: '404', title: 'Niet gevonden', type: 'base' });
        const withPage = await api.post('/page/get-by-slug', { slug: '/bestaat-niet' });
        expect(withPage.status).to.equal(404);
        expect(withPage.body.data.page.slug).to.equal('404');
      });

      it('keeps the published version unchanged while the next draft is edited, until it is published', async () => {
        const { pageID, pageVersionID, revision } = await createStoreAndPublish();
        const stored = await api.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Nieuwe titel', blocks: [] });
        expect(stored.status).to.equal(200);
        const draftId = stored.body.data.pageVersionID;
        expect(draftId).to.not.equal(pageVersionID);
        expect((await api.get(`/page/version/fetch/${pageVersionID}`)).body.data.pageVersion.title).to.equal('Over ons');
        expect((await api.get(`/page/${pageID}`)).body.data).to.include({ status: 'unpublished-changes', draftVersionID: draftId });
        expect((await api.post('/page/get-by-slug', { slug: '/over-ons' })).body.data.page.pageVersion.title).to.equal('Over ons');
        await api.post(`/page/${pageID}/publish`, {});
        const live = await api.post('/page/get-by-slug', { slug: '/over-ons' });
        expect(live.body.data.page.pageVersion).to.include({ title: 'Nieuwe titel', versionID: draftId });
      });

      it('answers 404 PM_01 when publishing an unknown page', async () => {
        const reply = await api.post('/page/0190a000-0000-7000-8000-000000000000/publish', {});
        expect(reply.status).to.equal(404);
        expect(reply.body.Errors[0].code).to.equal('PM_01');
      });
    });

    describe('bad requests', () => {
      it('answers malformed JSON with 400, not 500', async () => {
        const reply = await api.call('POST', '/page/create', '{"title": ', { headers: { 'Content-Type': 'application/json' } });
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors[0]).to.include({ code: 'V_12', property: 'body' });
      });

      it('answers a body that is not JSON with 415, and a JSON array with 400 naming the body', async () => {
        const form = await api.call('POST', '/page/create', 'title=Over+ons', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
        expect(form.status).to.equal(415);
        expect(form.body.Errors).to.deep.equal([{ code: 'V_12', property: 'body', model: 'request', message: 'The body is not valid.' }]);
        const array = await api.call('POST', '/page/create', '[1, 2]', { headers: { 'Content-Type': 'application/json' } });
        expect(array.status).to.equal(400);
        expect(array.body.Errors).to.deep.equal([{ code: 'V_12', property: 'body', model: 'page', message: 'The body is not valid.' }]);
      });

      it('answers a known path with the wrong method with 405 in the envelope', async () => {
        const reply = await api.call('DELETE', '/settings/get');
        expect(reply.status).to.equal(405);
        expect(reply.body).to.include({ Success: false });
        expect(reply.body.Errors[0].code).to.equal('V_07');
      });

      it('takes a command without any body, as a browser sends a bare POST', async () => {
        const reply = await api.call('POST', '/page/0190a000-0000-7000-8000-000000000000/publish');
        expect(reply.status).to.equal(404);
        expect(reply.body.Errors[0].code).to.equal('PM_01');
      });

      it('refuses text that cannot be stored (a NUL character, a lone surrogate) with V_12 naming the property', async () => {
        const reply = await api.post('/page/create', page({ title: 'Bad\u0000title', content: 'half \ud800 a pair' }));
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`)).to.have.members(['V_12 title', 'V_12 content']);
        const fine = await api.post('/page/create', page({ title: 'Grüße 😀' }));
        expect(fine.status).to.equal(200);
      });

      it('answers a body over the limit with 413', async () => {
        const reply = await api.post('/page/create', page({ content: 'x'.repeat(1_100_000) }));
        expect(reply.status).to.equal(413);
        expect(reply.body.Errors[0].code).to.equal('V_14');
      });

      it('answers an unknown API path with 404 in the envelope', async () => {
        const reply = await api.get('/nothing/here');
        expect(reply.status).to.equal(404);
        expect(reply.body.Success).to.equal(false);
      });

      it('answers 404 PM_01 for unknown page and version ids', async () => {
        expect((await api.get('/page/unknown')).status).to.equal(404);
        expect((await api.get('/page/version/fetch/unknown')).status).to.equal(404);
      });
    });

    describe('GET /system/projections', () => {
      it('shows every projection and reactor at the head with no lag and no error', async () => {
        const created = await api.post('/page/create', page());
        await api.get(`/page/${created.body.data.pageID}`);
        await app.stores.readModels.waitForCheckpoints(['settings', 'pages', 'public-pages', 'users', 'media', 'media-usage', 'menus', 'tags', 'mails', 'form-mails', 'renditions', 'media-cleanup', 'site-cache', 'tag-merges', 'form-retention', 'translation-sync', 'releases', 'audit-log', 'search-index:public', 'search-index:admin'], created.body.data.position, 2000);
        const reply = await api.get('/system/projections');
        expect(reply.body.data.map((p: { name: string; kind: string }) => `${p.kind} ${p.name}`)).to.have.members([
          'projection settings',
          'projection pages',
          'projection public-pages',
          'projection users',
          'projection media',
          'projection media-usage',
          'projection menus',
          'projection tags',
          'projection form-submissions',
          'projection form-settings',
          'projection newsletter-popup',
          'projection translation-sync',
          'projection releases',
          'projection audit-log',
          'projection search-index:public',
          'projection search-index:admin',
          'reactor mails',
          'reactor form-mails',
          'reactor renditions',
          'reactor media-cleanup',
          'reactor site-cache',
          'reactor tag-merges',
          'reactor form-retention',
        ]);
        for (const p of reply.body.data) expect(p).to.include({ position: created.body.data.position, lag: 0, error: null });
      });
    });

    describe('after a restart and a rebuild', () => {
      it('still serves the published page', async () => {
        await createStoreAndPublish();
        await app.stop(true);
        app = await startTestPagelog(kind, { env: app.env });
        // Like the admin, the client keeps the highest position it has seen across the restart.
        const seen = api.lastPosition;
        api = await ApiClient.loggedIn(app.url);
        api.lastPosition = seen;
        expect((await api.post('/page/get-by-slug', { slug: '/over-ons' })).status).to.equal(200);
        for (const runner of app.projector.runners) await app.projector.rebuild(runner.projection.name);
        const reply = await api.post('/page/get-by-slug', { slug: '/over-ons' });
        expect(reply.status).to.equal(200);
        expect(reply.body.data.page.pageVersion.blocks).to.have.length(2);
      });
    });
  });
}
