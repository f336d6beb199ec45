import { expect } from 'chai';
import type { MenuItem } from '@pagelog/contracts/menus/menu';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const errorsOf = (reply: ApiReply) => reply.body.Errors.map((e: { code: string; property: string; model: string }) => ({ code: e.code, property: e.property, model: e.model }));
const ofMenu = (code: string, property: string) => ({ code, property, model: 'menu' });

const pageItem = (id: string, pageID: string, children: MenuItem[] = [], label = ''): MenuItem => ({ id, label, pageID, url: null, children });
const linkItem = (id: string, label: string, url: string): MenuItem => ({ id, label, pageID: null, url, children: [] });

/**
 * The menus through HTTP (issue 13): drafts, preview, publication, the public read that follows
 * the pages it names, history and restore, and who may do what.
 */
for (const kind of storeKinds()) {
  describe(`menus through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;
    /** A visitor without a session, who has heard of the writes (so reads wait for the projections). */
    let visitor: ApiClient;
    let seq = 0;

    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }

    /** A page stored with its title and, unless told otherwise, published. */
    async function newPage(title: string, options: { locale?: string; slug?: string; publish?: boolean } = {}) {
      seq += 1;
      const slug = options.slug ?? `pagina-${seq}`;
      const created = await ok(admin.post('/page/create', { title, slug, type: 'article', locale: options.locale ?? 'nl-nl', content: '', typeData: {} }));
      const { pageID, pageVersionID } = created.body.data;
      await ok(admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision: created.body.data.revision, title, blocks: [], ...seo }));
      if (options.publish ?? true) await ok(admin.post(`/page/${pageID}/publish`, {}));
      return { id: pageID as string, versionId: pageVersionID as string, slug };
    }

    const menuOf = (locale: string, menuKind: string, who = admin) => who.get(`/menu/get?locale=${locale}&kind=${menuKind}`);
    const publicMenus = (locale: string, who = visitor) => who.get(`/menu/get-public?locale=${locale}`);
    /** Saves the tree as the menu's draft on the revision it has now. */
    async function saveDraft(locale: string, menuKind: string, items: MenuItem[], who = admin): Promise<ApiReply> {
      const { revision } = (await ok(menuOf(locale, menuKind))).body.data;
      return who.post('/menu/save-draft', { locale, kind: menuKind, items, revision });
    }
    async function publish(locale: string, menuKind: string, who = admin): Promise<ApiReply> {
      const { revision } = (await ok(menuOf(locale, menuKind))).body.data;
      return who.post('/menu/publish', { locale, kind: menuKind, revision });
    }
    /** The public menu as label → href, sub-items nested. */
    type Shown = { label: string; href: string; children?: Shown[] };
    const shown = (links: { label: string; href: string; children: unknown[] }[]): Shown[] =>
      links.map((l) => (l.children.length > 0 ? { label: l.label, href: l.href, children: shown(l.children as never) } : { label: l.label, href: l.href }));

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
      visitor = new ApiClient(app.url);
      ApiClient.sharePositions(admin, editor, visitor);
    });
    after(async () => {
      await app?.stop();
    });

    describe('a menu never saved', () => {
      it('reads as an empty draft at revision 0 with its rules, and the site shows no items', async () => {
        const reply = await ok(menuOf('nl-nl', 'footer'));
        expect(reply.body.data).to.deep.include({ menuId: 'nl-nl-footer', locale: 'nl-nl', kind: 'footer', revision: 0, published: null, hasUnpublishedChanges: false, pages: {} });
        expect(reply.body.data.draft).to.deep.include({ version: 0, items: [] });
        expect(reply.body.data.rules).to.deep.equal({ maxDepth: 1, maxItems: 30 });
        expect((await ok(publicMenus('en-gb'))).body.data).to.deep.equal({ main: [], footer: [], service: [] });
        expect((await ok(admin.get('/menu/history?locale=en-gb&kind=service'))).body.data).to.deep.equal([]);
      });
    });

    describe('drafts, preview and publication', () => {
      it('shows a saved draft to the editor and in the preview, and to the site only once published', async () => {
        const home = await newPage('Home', { slug: 'home' });
        const about = await newPage('Over ons', { slug: 'over-ons' });
        const team = await newPage('Ons team', { slug: 'over-ons/team' });
        const items = [pageItem('home', home.id, [], 'Start'), pageItem('about', about.id, [pageItem('team', team.id)]), linkItem('kvk', 'KvK', 'https://www.kvk.nl')];

        const saved = await ok(saveDraft('nl-nl', 'main', items));
        expect(saved.body.data).to.deep.include({ menuId: 'nl-nl-main', draftVersion: 1, publishedVersion: null });
        expect(saved.headers.get('X-Pagelog-Position')).to.equal(String(saved.body.data.position));

        const view = (await ok(menuOf('nl-nl', 'main'))).body.data;
        expect(view.draft.items).to.deep.equal(items);
        expect(view.hasUnpublishedChanges).to.equal(true);
        expect(view.pages[about.id]).to.deep.equal({ pageID: about.id, state: 'live', title: 'Over ons', path: '/over-ons', locale: 'nl-nl' });
        expect(view.draft.savedByName).to.be.a('string').and.not.equal('');

        const expected = [{ label: 'Start', href: '/' }, { label: 'Over ons', href: '/over-ons', children: [{ label: 'Ons team', href: '/over-ons/team' }] }, { label: 'KvK', href: 'https://www.kvk.nl' }];
        const preview = (await ok(admin.get('/menu/preview?locale=nl-nl'))).body.data;
        expect(shown(preview.main)).to.deep.equal(expected);
        expect((await ok(publicMenus('nl-nl'))).body.data.main).to.deep.equal([]);

        const published = await ok(publish('nl-nl', 'main'));
        expect(published.body.data).to.deep.include({ draftVersion: 1, publishedVersion: 1 });
        const site = (await ok(publicMenus('nl-nl'))).body.data;
        expect(shown(site.main)).to.deep.equal(expected);
        expect(site.main[2]).to.deep.equal({ id: 'kvk', label: 'KvK', href: 'https://www.kvk.nl', external: true, pageID: null, children: [] });
        expect(site.main[0]).to.include({ id: 'home', external: false, pageID: home.id });
        expect(site.footer).to.deep.equal([]);
        expect((await ok(menuOf('nl-nl', 'main'))).body.data.hasUnpublishedChanges).to.equal(false);
      });

      it('links a page of a locale other than the default under its locale prefix', async () => {
        const about = await newPage('About us', { locale: 'en-gb', slug: 'about' });
        await ok(saveDraft('en-gb', 'service', [pageItem('about', about.id), linkItem('mail', 'Mail us', 'mailto:info@voorbeeld.nl')]));
        await ok(publish('en-gb', 'service'));
        expect(shown((await ok(publicMenus('en-gb'))).body.data.service)).to.deep.equal([
          { label: 'About us', href: '/en-gb/about' },
          { label: 'Mail us', href: 'mailto:info@voorbeeld.nl' },
        ]);
      });

      it('drops an unpublished or deleted page from the site and flags it as a dead link in the editor, and brings a republished page back', async () => {
        const privacy = await newPage('Privacy', { slug: 'privacy' });
        const terms = await newPage('Voorwaarden', { slug: 'voorwaarden' });
        const cookies = await newPage('Cookies', { slug: 'cookies' });
        await ok(saveDraft('nl-nl', 'service', [pageItem('privacy', privacy.id), pageItem('terms', terms.id), pageItem('cookies', cookies.id)]));
        await ok(publish('nl-nl', 'service'));
        const labels = async () => (await ok(publicMenus('nl-nl'))).body.data.service.map((l: { label: string }) => l.label);
        expect(await labels()).to.deep.equal(['Privacy', 'Voorwaarden', 'Cookies']);

        await ok(admin.post(`/page/${terms.id}/unpublish`, {}));
        await ok(admin.post(`/page/${cookies.id}/delete`, {}));
        expect(await labels()).to.deep.equal(['Privacy']);
        const pages = (await ok(menuOf('nl-nl', 'service'))).body.data.pages;
        expect(pages[terms.id].state).to.equal('not-published');
        expect(pages[cookies.id].state).to.equal('deleted');
        expect(pages[privacy.id].state).to.equal('live');
        expect((await ok(admin.get('/menu/preview?locale=nl-nl'))).body.data.service.map((l: { label: string }) => l.label)).to.deep.equal(['Privacy']);

        await ok(admin.post(`/page/${terms.id}/publish`, {}));
        expect(await labels()).to.deep.equal(['Privacy', 'Voorwaarden']);

        // A dead link the draft held may stay when the draft is saved again; it stays flagged.
        const again = await saveDraft('nl-nl', 'service', [pageItem('cookies', cookies.id, [], 'Cookiebeleid'), pageItem('privacy', privacy.id)]);
        expect(again.status, JSON.stringify(again.body.Errors)).to.equal(200);
      });

      it('follows a page that moves or is renamed, without a menu change', async () => {
        const contact = await newPage('Contact', { slug: 'contact' });
        await ok(saveDraft('nl-nl', 'footer', [pageItem('contact', contact.id)]));
        await ok(publish('nl-nl', 'footer'));
        const before = (await ok(admin.get('/menu/history?locale=nl-nl&kind=footer'))).body.data.length;

        await ok(admin.put(`/page/${contact.id}/save`, { slug: 'neem-contact-op', shouldUpdateLinks: false }));
        expect(shown((await ok(publicMenus('nl-nl'))).body.data.footer)).to.deep.equal([{ label: 'Contact', href: '/neem-contact-op' }]);

        const page = (await ok(admin.get(`/page/${contact.id}`))).body.data;
        await ok(admin.post(`/page/version/${page.draftVersionID}/store-and-publish`, { pageID: contact.id, revision: page.revision, title: 'Contact opnemen', blocks: [], ...seo }));
        expect(shown((await ok(publicMenus('nl-nl'))).body.data.footer)).to.deep.equal([{ label: 'Contact opnemen', href: '/neem-contact-op' }]);
        expect((await ok(admin.get('/menu/history?locale=nl-nl&kind=footer'))).body.data).to.have.length(before);
      });
    });

    describe('history and restore', () => {
      it('lists who saved, published and restored which version, and restores an earlier tree as a new draft', async () => {
        const a = await newPage('Diensten');
        const b = await newPage('Projecten');
        await ok(saveDraft('en-gb', 'footer', [linkItem('x', 'X', 'https://x.example')]));
        const first = [pageItem('a', a.id), pageItem('b', b.id)];
        await ok(saveDraft('nl-nl', 'footer', first));
        await ok(publish('nl-nl', 'footer'));
        await ok(saveDraft('nl-nl', 'footer', [pageItem('b', b.id)]));

        const history = (await ok(admin.get('/menu/history?locale=nl-nl&kind=footer'))).body.data;
        const firstVersion = history.find((e: { type: string; itemCount: number }) => e.type === 'MenuDraftSaved' && e.itemCount === 2).version;
        const last = history.slice(-3);
        expect(last.map((e: { type: string }) => e.type)).to.deep.equal(['MenuDraftSaved', 'MenuPublished', 'MenuDraftSaved']);
        expect(last[0]).to.include({ version: firstVersion, itemCount: 2, summary: `saved draft version ${firstVersion} (2 items)` });
        expect(last[1]).to.include({ summary: `published version ${firstVersion} (2 items)` });
        expect(last[2].actorName).to.be.a('string').and.not.equal('');

        const { revision } = (await ok(menuOf('nl-nl', 'footer'))).body.data;
        const restored = await ok(admin.post('/menu/restore', { locale: 'nl-nl', kind: 'footer', version: firstVersion, revision }));
        expect(restored.body.data.draftVersion).to.equal(firstVersion + 2);
        const view = (await ok(menuOf('nl-nl', 'footer'))).body.data;
        expect(view.draft.items).to.deep.equal(first);
        // Restoring is a draft: the site keeps what was published until it is published.
        expect(view.hasUnpublishedChanges).to.equal(true);
        const latest = (await ok(admin.get('/menu/history?locale=nl-nl&kind=footer'))).body.data.at(-1);
        expect(latest).to.include({ type: 'MenuRestored', summary: `restored version ${firstVersion} as draft version ${firstVersion + 2} (2 items)` });
      });
    });

    describe('refusals', () => {
      it('answers 409 with the menu as it is now when the revision is stale, and writes nothing', async () => {
        const page = await newPage('Nieuws');
        const current = (await ok(menuOf('nl-nl', 'main'))).body.data;
        const stale = await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', revision: current.revision - 1, items: [pageItem('n', page.id)] });
        expect(stale.status).to.equal(409);
        expect(errorsOf(stale)).to.deep.equal([{ code: 'V_07', property: 'revision', model: 'menu' }]);
        expect(stale.body.data).to.deep.include({ currentRevision: current.revision, conflicts: ['revision'] });
        expect(stale.body.data.current.items).to.deep.equal(current.draft.items);
        const stalePublish = await admin.post('/menu/publish', { locale: 'nl-nl', kind: 'main', revision: current.revision + 5 });
        expect(stalePublish.status).to.equal(409);
        expect((await ok(menuOf('nl-nl', 'main'))).body.data.revision).to.equal(current.revision);
      });

      it('refuses bad trees with the catalogue code naming each item', async () => {
        const page = await newPage('Werken bij');
        const english = await newPage('Careers', { locale: 'en-gb' });
        /** A save on the menu's current revision (unless the body names one), refused with `status`. */
        const refused = async (body: Record<string, unknown>, status = 400) => {
          const menu = { locale: 'nl-nl', kind: 'main', items: [], ...body };
          const current = await menuOf(String(menu.locale), String(menu.kind));
          const revision = current.status === 200 ? current.body.data.revision : 0;
          const reply = await admin.post('/menu/save-draft', { revision, ...menu });
          expect(reply.status, JSON.stringify(reply.body)).to.equal(status);
          return errorsOf(reply);
        };
        const onEmpty = { locale: 'en-gb', kind: 'main' };
        expect(await refused({ ...onEmpty, items: [pageItem('a', 'no-such-page')] })).to.deep.equal([ofMenu('MN_02', 'items[0].pageID')]);
        expect(await refused({ ...onEmpty, items: [pageItem('a', page.id)] })).to.deep.equal([ofMenu('MN_05', 'items[0].pageID')]);
        expect(await refused({ ...onEmpty, kind: 'footer', items: [pageItem('a', english.id, [pageItem('b', english.id)])] })).to.deep.equal([ofMenu('MN_03', 'items[0].children')]);
        expect(await refused({ ...onEmpty, items: [linkItem('a', 'Evil', 'javascript:alert(1)')] })).to.deep.equal([ofMenu('V_13', 'items[0].url')]);
        expect(await refused({ ...onEmpty, items: [{ id: 'a', label: 'Both', pageID: english.id, url: 'https://x.nl', children: [] }] })).to.deep.equal([ofMenu('MN_01', 'items[0]')]);
        expect(await refused({ ...onEmpty, items: [linkItem('a', '', 'https://x.nl')] })).to.deep.equal([ofMenu('V_01', 'items[0].label')]);
        expect(await refused({ locale: 'de-de', items: [] })).to.deep.equal([ofMenu('V_12', 'locale')]);
        expect(await refused({ kind: 'sidebar' })).to.deep.equal([ofMenu('V_12', 'kind')]);
        expect(await refused({ revision: undefined })).to.deep.equal([ofMenu('V_01', 'revision')]);
        expect(await refused({ ...onEmpty, items: [pageItem('a', english.id)], extra: 1 })).to.deep.equal([ofMenu('V_12', 'extra')]);

        const publishNothing = await admin.post('/menu/publish', { locale: 'en-gb', kind: 'main', revision: 0 });
        expect(publishNothing.status).to.equal(400);
        expect(errorsOf(publishNothing)).to.deep.equal([ofMenu('MN_07', 'kind')]);
        const restoreNothing = await admin.post('/menu/restore', { locale: 'en-gb', kind: 'main', revision: 0, version: 3 });
        expect(restoreNothing.status).to.equal(404);
        expect(errorsOf(restoreNothing)).to.deep.equal([ofMenu('MN_06', 'version')]);
        expect((await ok(menuOf('en-gb', 'main'))).body.data.revision).to.equal(0);

        const badLocale = await publicMenus('xx-yy');
        expect(badLocale.status).to.equal(400);
        expect(errorsOf(badLocale)).to.deep.equal([ofMenu('V_12', 'locale')]);
      });
    });

    describe('who may do what', () => {
      it('refuses the menu commands to a user without manage-menu (403 UM_01) and lets them read', async () => {
        const body = { locale: 'nl-nl', kind: 'service', revision: 0, items: [] };
        for (const [path, extra] of [['/menu/save-draft', {}], ['/menu/publish', { items: undefined }], ['/menu/restore', { items: undefined, version: 1 }]] as const) {
          const reply = await editor.post(path, { ...body, ...extra });
          expect(reply.status, path).to.equal(403);
          expect(reply.body.Errors).to.deep.equal([{ code: 'UM_01', property: '', model: '', message: 'You are not authorized to do this action.' }]);
        }
        expect((await menuOf('nl-nl', 'service', editor)).status).to.equal(200);
        expect((await editor.get('/menu/preview?locale=nl-nl')).status).to.equal(200);
      });

      it('lets a visitor without a session read only the public menus', async () => {
        expect((await publicMenus('nl-nl', visitor)).status).to.equal(200);
        for (const path of ['/menu/get?locale=nl-nl&kind=main', '/menu/history?locale=nl-nl&kind=main', '/menu/preview?locale=nl-nl']) {
          const reply = await visitor.get(path);
          expect(reply.status, path).to.equal(401);
          expect(errorsOf(reply)[0]).to.include({ code: 'AUTH_05' });
        }
        await visitor.post('/auth/user');
        const save = await visitor.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', revision: 0, items: [] });
        expect(save.status).to.equal(401);
      });
    });
  });
}
