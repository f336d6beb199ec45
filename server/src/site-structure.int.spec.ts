import { expect } from 'chai';
import type { SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

/**
 * The site structure (POST /page/site-structure) and the breadcrumbs (GET /page/{id} for the
 * editor, get-by-slug for the public site) through HTTP, on each store.
 */
for (const kind of storeKinds()) {
  describe(`the site structure and breadcrumbs through HTTP (${kind})`, function () {
    this.timeout(90_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let defaultLocale: string;
    let otherLocale: string;
    const ids = new Map<string, string>();

    /** A page as the administrator, in the default locale unless given; published if asked. */
    async function page(slug: string, title: string, options: { locale?: string; publish?: boolean } = {}): Promise<string> {
      const locale = options.locale ?? defaultLocale;
      const created = await admin.post('/page/create', { title, slug, type: 'base', locale, content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const pageID = created.body.data.pageID as string;
      if (options.publish) expect((await admin.post(`/page/${pageID}/publish`, {})).status).to.equal(200);
      ids.set(`${locale}:${slug}`, pageID);
      return pageID;
    }

    const structure = async (body: Record<string, unknown> = {}) => admin.post('/page/site-structure', body);
    const outline = (nodes: SiteStructureNode[]) => nodes.map((node) => `${'  '.repeat(node.depth)}${node.title}`);

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      const settings = (await admin.get('/settings/get')).body.data as { defaultLocale: string; availableLocales: string[] };
      defaultLocale = settings.defaultLocale;
      otherLocale = settings.availableLocales.find((locale) => locale !== defaultLocale) ?? 'en-gb';
      await page('home', 'Home', { publish: true });
      await page('expertise', 'Expertise', { publish: true });
      await page('expertise/energie', 'Energie', { publish: true });
      await page('expertise/energie/wind', 'Windenergie', { publish: true });
      await page('expertise/water', 'Water');
      await page('onderzoek/2024/rapport', 'Rapport', { publish: true });
      await page('contact', 'Contact', { publish: true });
      await page('home', 'Home', { locale: otherLocale, publish: true });
      await page('about', 'About', { locale: otherLocale, publish: true });
      await page('about/team', 'Team', { locale: otherLocale, publish: true });
    });
    after(async () => {
      await app?.stop();
    });

    describe('POST /page/site-structure', () => {
      it('answers 401 without a session', async () => {
        const reply = await new ApiClient(app.url).post('/page/site-structure', { locale: defaultLocale });
        expect(reply.status).to.equal(401);
        expect(reply.body.Errors[0]).to.include({ code: 'AUTH_05' });
      });

      it('answers every page of the default locale as a tree by path, depth first, siblings by title', async () => {
        const reply = await structure();
        expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
        expect(reply.body.data.locale).to.equal(defaultLocale);
        expect(outline(reply.body.data.nodes)).to.deep.equal([
          'Home',
          '  Contact',
          '  Expertise',
          '    Energie',
          '      Windenergie',
          '    Water',
          // Neither /onderzoek nor /onderzoek/2024 is a page: it hangs under the nearest one that is.
          '  Rapport',
        ]);
      });

      it('gives each node what the tree shows: parent, children, path and status', async () => {
        const nodes = (await structure({ locale: defaultLocale })).body.data.nodes as SiteStructureNode[];
        const expertise = nodes.find((node) => node.slug === 'expertise')!;
        expect(expertise).to.deep.equal({
          pageID: ids.get(`${defaultLocale}:expertise`),
          title: 'Expertise',
          slug: 'expertise',
          path: '/expertise',
          type: 'base',
          status: 'published',
          hasPublicationRequest: false,
          parentID: ids.get(`${defaultLocale}:home`),
          hasChildren: true,
          depth: 1,
        });
        expect(nodes.find((node) => node.slug === 'expertise/water')).to.include({ status: 'concept', hasChildren: false, parentID: expertise.pageID, depth: 2 });
        expect(nodes.find((node) => node.slug === 'home')).to.include({ path: '/', parentID: null, depth: 0 });
      });

      it('answers another locale\'s pages, with their locale in the path', async () => {
        const reply = await structure({ locale: otherLocale });
        expect(reply.body.data.locale).to.equal(otherLocale);
        expect(outline(reply.body.data.nodes)).to.deep.equal(['Home', '  About', '    Team']);
        expect(reply.body.data.nodes[2].path).to.equal(`/${otherLocale}/about/team`);
      });

      it('answers an empty tree for a known locale without pages', async () => {
        const reply = await structure({ locale: 'fr-fr' });
        expect(reply.status).to.equal(200);
        expect(reply.body.data).to.deep.equal({ locale: 'fr-fr', nodes: [] });
      });

      it('refuses a locale it does not know with V_12, and a body that is not an object with 400', async () => {
        const reply = await structure({ locale: 'xx-yy' });
        expect(reply.status).to.equal(400);
        expect(reply.body.Errors[0]).to.include({ code: 'V_12', property: 'locale' });
        expect((await admin.call('POST', '/page/site-structure', '[1,2]')).status).to.equal(400);
      });

      it('is readable by any signed-in user, an editor as well', async () => {
        const reader = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `reader-${kind}@pagelog.test`, role: 'editor' });
        const reply = await reader.client.post('/page/site-structure', {});
        expect(reply.status).to.equal(200);
        expect(reply.body.data.nodes).to.have.length(7);
      });

      it('shows a page under its new parent after a move, the pages below it left where they were', async () => {
        const moved = await page('te-verhuizen', 'Te verhuizen', { publish: true });
        await page('te-verhuizen/kind', 'Kind');
        const saved = await admin.put(`/page/${moved}/save`, { slug: 'contact/te-verhuizen', shouldUpdateLinks: true });
        expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
        const nodes = (await structure()).body.data.nodes as SiteStructureNode[];
        expect(nodes.find((node) => node.pageID === moved)).to.include({ slug: 'contact/te-verhuizen', parentID: ids.get(`${defaultLocale}:contact`), depth: 2 });
        expect(nodes.find((node) => node.slug === 'te-verhuizen/kind')).to.include({ parentID: ids.get(`${defaultLocale}:home`) });
        const old = await admin.get(`/page/get-by-slug-query?slug=${encodeURIComponent('/te-verhuizen')}`);
        expect(old.status).to.equal(301);
        expect(old.headers.get('location')).to.equal('/contact/te-verhuizen');
        // Put back, so the other tests see the tree they expect.
        await admin.put(`/page/${moved}/save`, { slug: 'te-verhuizen', shouldUpdateLinks: false });
        await admin.post(`/page/${moved}/delete`, {});
        await admin.post(`/page/${ids.get(`${defaultLocale}:te-verhuizen/kind`)}/delete`, {});
      });
    });

    describe('moving a page with the pages below it (PUT /page/{id}/save, withSubpages)', () => {
      const bySlug = (path: string) => admin.get(`/page/get-by-slug-query?slug=${encodeURIComponent(path)}`);
      const slugOf = async (pageID: string) => (await admin.get(`/page/${pageID}`)).body.data.slug as string;

      it('moves the pages below along, each keeping its place; old addresses redirect and links follow', async () => {
        const diensten = await page('diensten', 'Diensten', { publish: true });
        const advies = await page('diensten/advies', 'Advies', { publish: true });
        const beleid = await page('diensten/advies/beleid', 'Beleid', { publish: true });
        const concept = await page('diensten/concept', 'Concept');
        // Not below it: a sibling whose slug merely starts with the same letters, and another locale.
        const lookalike = await page('dienstenwijzer', 'Dienstenwijzer');
        const elsewhere = await page('diensten', 'Services', { locale: otherLocale });
        // A page that links to a page below the moved one.
        const linking = await page('verwijzing', 'Verwijzing');
        const details = await admin.get(`/page/${linking}`);
        const link = { type: 'text', key: 'k1', props: { html: '<p><a href="/diensten/advies/beleid">Beleid</a></p>' }, anchorPoint: '', __images: [], __files: [] };
        const stored = await admin.post(`/page/version/${details.body.data.draftVersionID}/store`, { pageID: linking, revision: details.body.data.revision, title: 'Verwijzing', blocks: [link], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] });
        expect(stored.status, JSON.stringify(stored.body)).to.equal(200);

        const saved = await admin.put(`/page/${diensten}/save`, { slug: 'over-ons/diensten', shouldUpdateLinks: true, withSubpages: true });
        expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
        expect(saved.body.data.slug).to.equal('over-ons/diensten');
        expect(saved.body.data.subpagesMoved).to.have.deep.members([
          { pageID: beleid, slug: 'over-ons/diensten/advies/beleid' },
          { pageID: advies, slug: 'over-ons/diensten/advies' },
          { pageID: concept, slug: 'over-ons/diensten/concept' },
        ]);
        // Deepest first.
        expect(saved.body.data.subpagesMoved[0].pageID).to.equal(beleid);
        expect(saved.body.data.linksUpdated).to.equal(1);
        expect(await slugOf(advies)).to.equal('over-ons/diensten/advies');
        expect(await slugOf(lookalike)).to.equal('dienstenwijzer');
        expect(await slugOf(elsewhere)).to.equal('diensten');

        const nodes = (await structure()).body.data.nodes as SiteStructureNode[];
        expect(nodes.find((node) => node.pageID === beleid)).to.include({ slug: 'over-ons/diensten/advies/beleid', parentID: advies });
        expect(nodes.find((node) => node.pageID === advies)).to.include({ parentID: diensten });
        const old = await bySlug('/diensten/advies/beleid');
        expect(old.status).to.equal(301);
        expect(old.headers.get('location')).to.equal('/over-ons/diensten/advies/beleid');
        expect((await bySlug('/over-ons/diensten/advies/beleid')).body.data.page.breadcrumbs.map((crumb: { title: string }) => crumb.title)).to.deep.equal(['Home', 'Diensten', 'Advies']);
        const draft = await admin.get(`/page/version/fetch/${(await admin.get(`/page/${linking}`)).body.data.draftVersionID}`);
        expect(draft.body.data.pageVersion.blocks[0].props.html).to.equal('<p><a href="/over-ons/diensten/advies/beleid">Beleid</a></p>');

        // Without withSubpages a move still takes one page.
        const back = await admin.put(`/page/${diensten}/save`, { slug: 'diensten', shouldUpdateLinks: false });
        expect(back.body.data.subpagesMoved).to.deep.equal([]);
        expect(await slugOf(advies)).to.equal('over-ons/diensten/advies');
        for (const id of [diensten, advies, beleid, concept, lookalike, elsewhere, linking]) await admin.post(`/page/${id}/delete`, {});
      });

      it('moves nothing when a new address is taken (V_06), too long (V_11) or below the page itself (V_12)', async () => {
        const top = await page('kennis', 'Kennis', { publish: true });
        const child = await page('kennis/artikel', 'Artikel', { publish: true });
        const taken = await page('archief/kennis/artikel', 'Bezet');
        const refused = await admin.put(`/page/${top}/save`, { slug: 'archief/kennis', shouldUpdateLinks: true, withSubpages: true });
        expect(refused.status).to.equal(400);
        expect(refused.body.Errors[0]).to.include({ code: 'V_06', property: 'slug' });
        expect(await slugOf(top)).to.equal('kennis');
        expect(await slugOf(child)).to.equal('kennis/artikel');

        const long = await page(`kennis/${'a'.repeat(240)}`, 'Lang');
        const tooLong = await admin.put(`/page/${top}/save`, { slug: 'nog-een-veel-langere-map/kennis', shouldUpdateLinks: true, withSubpages: true });
        expect(tooLong.status).to.equal(400);
        expect(tooLong.body.Errors[0]).to.include({ code: 'V_11', property: 'slug' });
        expect(await slugOf(child)).to.equal('kennis/artikel');

        const under = await admin.put(`/page/${top}/save`, { slug: 'kennis/artikel/kennis', shouldUpdateLinks: true, withSubpages: true });
        expect(under.status).to.equal(400);
        expect(under.body.Errors[0]).to.include({ code: 'V_12', property: 'slug' });
        for (const id of [top, child, taken, long]) await admin.post(`/page/${id}/delete`, {});
      });

      it('needs publish-page when one of the pages below is live, and moves nothing without it', async () => {
        const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `mover-${kind}@pagelog.test`, role: 'editor' });
        const top = await page('projecten', 'Projecten');
        const live = await page('projecten/lopend', 'Lopend', { publish: true });
        const refused = await editor.client.put(`/page/${top}/save`, { slug: 'werk/projecten', shouldUpdateLinks: true, withSubpages: true });
        expect(refused.status).to.equal(403);
        expect(refused.body.Errors[0]).to.include({ code: 'UM_01' });
        expect(await slugOf(top)).to.equal('projecten');
        expect(await slugOf(live)).to.equal('projecten/lopend');
        // The page alone, a concept, the editor may move.
        expect((await editor.client.put(`/page/${top}/save`, { slug: 'werk/projecten', shouldUpdateLinks: true })).status).to.equal(200);
        for (const id of [top, live]) await admin.post(`/page/${id}/delete`, {});
      });
    });

    describe('breadcrumbs', () => {
      const bySlug = (path: string) => admin.get(`/page/get-by-slug-query?slug=${encodeURIComponent(path)}`);

      it('gives a public page the published pages above it, the home page first', async () => {
        const reply = await bySlug('/expertise/energie/wind');
        expect(reply.status).to.equal(200);
        expect(reply.body.data.page.breadcrumbs).to.deep.equal([
          { title: 'Home', path: '/' },
          { title: 'Expertise', path: '/expertise' },
          { title: 'Energie', path: '/expertise/energie' },
        ]);
      });

      it('leaves out ancestor paths without a published page', async () => {
        expect((await bySlug('/onderzoek/2024/rapport')).body.data.page.breadcrumbs).to.deep.equal([{ title: 'Home', path: '/' }]);
        const zout = await page('expertise/water/zout', 'Zout water', { publish: true });
        expect((await bySlug('/expertise/water/zout')).body.data.page.breadcrumbs).to.deep.equal([
          { title: 'Home', path: '/' },
          { title: 'Expertise', path: '/expertise' },
        ]);
        await admin.post(`/page/${zout}/delete`, {});
      });

      it('gives the home page none, and pages of another locale their locale\'s home and paths', async () => {
        expect((await bySlug('/')).body.data.page.breadcrumbs).to.deep.equal([]);
        expect((await admin.post('/page/get-by-slug', { slug: `/${otherLocale}/about/team` })).body.data.page.breadcrumbs).to.deep.equal([
          { title: 'Home', path: `/${otherLocale}` },
          { title: 'About', path: `/${otherLocale}/about` },
        ]);
      });

      it('shows an ancestor\'s published title, not its draft', async () => {
        const expertise = ids.get(`${defaultLocale}:expertise`)!;
        const details = await admin.get(`/page/${expertise}`);
        const stored = await admin.post(`/page/version/${details.body.data.draftVersionID}/store`, {
          pageID: expertise,
          revision: details.body.data.revision,
          title: 'Expertise (nieuw)',
          blocks: [],
          seoTitle: '',
          seoDescription: '',
          seoKeywords: [],
          seoImage: [],
        });
        expect(stored.status, JSON.stringify(stored.body)).to.equal(200);
        expect((await bySlug('/expertise/energie')).body.data.page.breadcrumbs).to.deep.equal([
          { title: 'Home', path: '/' },
          { title: 'Expertise', path: '/expertise' },
        ]);
        // The editor shows the draft's title: that is what editors work on.
        const energie = await admin.get(`/page/${ids.get(`${defaultLocale}:expertise/energie`)}`);
        expect(energie.body.data.breadcrumbs.map((crumb: { title: string }) => crumb.title)).to.deep.equal(['Home', 'Expertise (nieuw)']);
      });

      it('gives the editor every ancestor path, with the page there (any status) or none', async () => {
        const rapport = await admin.get(`/page/${ids.get(`${defaultLocale}:onderzoek/2024/rapport`)}`);
        expect(rapport.body.data.breadcrumbs).to.deep.equal([
          { pageID: ids.get(`${defaultLocale}:home`), title: 'Home', slug: 'home', path: '/' },
          { pageID: null, title: 'onderzoek', slug: 'onderzoek', path: '/onderzoek' },
          { pageID: null, title: '2024', slug: 'onderzoek/2024', path: '/onderzoek/2024' },
        ]);
        const home = await admin.get(`/page/${ids.get(`${defaultLocale}:home`)}`);
        expect(home.body.data.breadcrumbs).to.deep.equal([]);
      });
    });
  });
}
