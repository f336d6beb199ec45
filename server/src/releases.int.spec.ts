import { Readable } from 'node:stream';
import { expect } from 'chai';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReleaseSummary, ReleaseView } from '@pagelog/contracts/releases/release';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { createPublishedPage, visibleAfter } from './test-kit/site-pages';
import { waitForMail } from './test-kit/outbox';
import { createActiveUser } from './test-kit/users';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const DAY = 24 * 60 * 60_000;

function ok(reply: ApiReply): ApiReply {
  expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
  return reply;
}

/**
 * Releases (issue 17): a named set of page drafts published together in one append (the pages'
 * own records and the release's event, at consecutive positions; the public site changes at the
 * release's event, so no reader sees part of it), optionally at a set moment by the scheduler,
 * and rolled back together.
 */
for (const kind of storeKinds()) {
  describe(`releases (${kind})`, function () {
    this.timeout(120_000);
    let now = Date.parse('2026-12-03T09:00:00.000Z');
    const clock = () => now;
    let app: TestPagelog;
    let admin: ApiClient;

    const site = async (path: string) => {
      const response = await fetch(`${app.url}${path}`);
      return { status: response.status, body: await response.text() };
    };
    /** The site shows `text` at `path` (on PostgreSQL the projections and the cache messages follow a moment after the answer). */
    const shows = (path: string, text: string) => visibleAfter(`${app.url}${path}`, text, performance.now());
    /** The path answers 404 once the change has reached the site. */
    async function gone(path: string): Promise<void> {
      for (let i = 0; i < 250 && (await site(path)).status !== 404; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await site(path)).status, path).to.equal(404);
    }
    const release = async (id: string) => ok(await admin.get(`/release/${id}`)).body.data as ReleaseView;
    async function storeDraft(pageID: string, title: string): Promise<void> {
      const page = ok(await admin.get(`/page/${pageID}`)).body.data as { draftVersionID: string; revision: number };
      ok(await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title, blocks: [{ type: 'heading', key: 'kop', props: { text: title, level: 1 }, anchorPoint: '' }], ...seo }));
    }
    async function newDraftPage(slug: string, title: string): Promise<string> {
      const created = ok(await admin.post('/page/create', { title, slug, type: 'base', locale: 'nl-nl' })).body.data as { pageID: string };
      await storeDraft(created.pageID, title);
      return created.pageID;
    }
    async function createRelease(name: string, pageIDs: string[]): Promise<string> {
      const created = ok(await admin.post('/release/create', { name, description: 'Samen live' })).body.data as { releaseID: string };
      for (const pageID of pageIDs) ok(await admin.post(`/release/${created.releaseID}/add-page`, { pageID }));
      return created.releaseID;
    }

    /** The clock moves on (sessions end with it: signed in again) and the scheduler runs a round. */
    async function passTime(ms: number): Promise<void> {
      now += ms;
      await app.stores.readModels.waitForCheckpoints([readModels.releases.projection, readModels.pages.projection], await app.stores.eventStore.headPosition(), 5_000);
      await app.scheduler.tick();
      admin = await ApiClient.loggedIn(app.url);
    }

    before(async () => {
      app = await startTestPagelog(kind, { clock, extraEnv: { PAGELOG_SCHEDULER_INTERVAL_MS: '600000' } });
      admin = await ApiClient.loggedIn(app.url);
    });
    after(async () => {
      await app?.stop();
    });

    it('publishes every page of the release at one position of the site, and lists what it put live', async () => {
      const aboutID = await createPublishedPage(admin, { slug: 'wie-wij-zijn', title: 'Wie wij zijn' });
      await storeDraft(aboutID, 'Wie wij zijn, vernieuwd');
      const visionID = await newDraftPage('koers', 'Onze koers');
      // Its tag has no live page yet, and the main menu names it: both follow it onto the site.
      const tagged = ok(await admin.post(`/page/${visionID}/tags`, { tags: [{ name: 'Strategie', visibility: 'public' }] })).body.data as { tags: { id: string }[] };
      const tagID = tagged.tags[0]!.id;
      const menu = ok(await admin.get('/menu/get?locale=nl-nl&kind=main')).body.data as { revision: number };
      const items = [{ id: 'koers', label: '', pageID: visionID, url: null, children: [] }];
      const saved = ok(await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', items, revision: menu.revision })).body.data as { revision: number };
      ok(await admin.post('/menu/publish', { locale: 'nl-nl', kind: 'main', revision: saved.revision }));
      const releaseID = await createRelease('Voorjaar', [aboutID, visionID]);

      const before = await release(releaseID);
      expect(before).to.include({ name: 'Voorjaar', description: 'Samen live', status: 'open' });
      expect(before.items.map((i) => [i.pageID, i.status])).to.deep.equal([[aboutID, 'ready'], [visionID, 'ready']]);
      expect((await site('/wie-wij-zijn')).body).to.include('Wie wij zijn').and.not.include('vernieuwd');
      expect((await site('/koers')).status).to.equal(404);

      const head = await app.stores.eventStore.headPosition();
      const published = ok(await admin.post(`/release/${releaseID}/publish`, {})).body.data as { position: number };
      await shows('/wie-wij-zijn', 'Wie wij zijn, vernieuwd');
      await shows('/koers', 'Onze koers');

      const after = await release(releaseID);
      expect(after.status).to.equal('published');
      expect(after.items.map((i) => [i.pageID, i.status, i.previousVersionID === null])).to.deep.equal([[aboutID, 'live', false], [visionID, 'live', true]]);
      expect(after.history.map((h) => h.type)).to.deep.equal(['ReleaseCreated', 'ReleasePageAdded', 'ReleasePageAdded', 'ReleasePublished']);
      const list = ok(await admin.get('/release/list')).body.data as ReleaseSummary[];
      expect(list.find((r) => r.releaseID === releaseID)).to.include({ status: 'published', itemCount: 2 });

      // The one append: each page's record of it, then the release's event, nothing in between.
      const written = await app.stores.eventStore.readAll({ after: head });
      expect(written.map((e) => [e.stream, e.type])).to.deep.equal([
        [`page-${aboutID}`, 'PagePublished'],
        [`page-${visionID}`, 'PagePublished'],
        [`release-${releaseID}`, 'ReleasePublished'],
      ]);
      expect(written.map((e) => e.data)).to.satisfy((data: { releaseId?: string }[]) => data.slice(0, 2).every((d) => d.releaseId === releaseID));
      // No reader of the site, now or as of any moment, sees part of it: at every position the
      // two pages, the menu naming the new one and its tag are all as before, or all as released.
      await app.stores.readModels.waitForCheckpoints([readModels.publicPages.projection, readModels.publicMenus.projection, readModels.tags.projection], published.position, 5_000);
      const live = readModels.publicPages.collection;
      const seen: string[] = [];
      for (let position = head; position <= published.position; position++) {
        const about = await app.stores.readModels.getAt<{ pageVersion: { title: string } }>(live, aboutID, position);
        const vision = await app.stores.readModels.getAt(live, visionID, position);
        const mainMenu = await app.stores.readModels.getAt<{ pages: Record<string, unknown> }>(readModels.publicMenus.collection, 'nl-nl-main', position);
        const tag = await app.stores.readModels.getAt<{ publishedPageCount: number }>(readModels.tags.collection, tagID, position);
        seen.push(`${about?.pageVersion.title}|${vision ? 'live' : 'absent'}|menu ${mainMenu && visionID in mainMenu.pages ? 'names it' : 'without it'}|tag pages ${tag?.publishedPageCount}`);
      }
      expect([...new Set(seen)]).to.deep.equal(['Wie wij zijn|absent|menu without it|tag pages 0', 'Wie wij zijn, vernieuwd|live|menu names it|tag pages 1']);
    });

    it('publishes a menu change with its page in the same append, the site menu changing at the release, and rolls both back', async () => {
      const pageID = await newDraftPage('abonnementen', 'Abonnementen');
      const link = (id: string, label: string) => ({ id, label, pageID: null, url: `https://example.org/${id}`, children: [] });
      const menuNow = async () => {
        const view = ok(await admin.get('/menu/get?locale=nl-nl&kind=footer')).body.data as { revision: number; draft: { version: number }; published: { version: number } | null };
        return { revision: view.revision, draftVersion: view.draft.version, publishedVersion: view.published?.version ?? null };
      };
      const saveFooter = async (items: unknown[]) => ok(await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'footer', items, revision: (await menuNow()).revision }));
      await saveFooter([link('privacy', 'Privacy')]);
      ok(await admin.post('/menu/publish', { locale: 'nl-nl', kind: 'footer', revision: (await menuNow()).revision }));
      await saveFooter([link('privacy', 'Privacy'), { id: 'abonnementen', label: '', pageID, url: null, children: [] }]);
      const footerOnSite = async () => (ok(await admin.get('/menu/get-public?locale=nl-nl')).body.data as { footer: { label: string }[] }).footer.map((l) => l.label);

      const releaseID = await createRelease('Abonnementen live', [pageID]);
      ok(await admin.post(`/release/${releaseID}/add-menu`, { locale: 'nl-nl', kind: 'footer' }));
      const open = await release(releaseID);
      expect(open.menus).to.deep.equal([{ locale: 'nl-nl', kind: 'footer', version: 2, status: 'ready' }]);
      expect(ok(await admin.get('/release/list')).body.data as ReleaseSummary[]).to.satisfy((list: ReleaseSummary[]) => list.some((r) => r.releaseID === releaseID && r.menuCount === 1));
      expect(await footerOnSite()).to.deep.equal(['Privacy']);

      const head = await app.stores.eventStore.headPosition();
      const published = ok(await admin.post(`/release/${releaseID}/publish`, {})).body.data as { position: number };
      const written = await app.stores.eventStore.readAll({ after: head });
      expect(written.map((e) => [e.stream, e.type])).to.deep.equal([
        [`page-${pageID}`, 'PagePublished'],
        ['menu-nl-nl-footer', 'MenuPublished'],
        [`release-${releaseID}`, 'ReleasePublished'],
      ]);
      await shows('/abonnementen', 'Abonnementen');
      expect(await footerOnSite()).to.deep.equal(['Privacy', 'Abonnementen']);
      expect((await release(releaseID)).menus).to.deep.equal([{ locale: 'nl-nl', kind: 'footer', version: 2, status: 'live', previousVersion: 1 }]);
      expect(await menuNow()).to.include({ draftVersion: 2, publishedVersion: 2 });
      // At no position does the footer name the page before it is live, or lack it after.
      await app.stores.readModels.waitForCheckpoints([readModels.publicPages.projection, readModels.publicMenus.projection], published.position, 5_000);
      const seen = new Set<string>();
      for (let position = head; position <= published.position; position++) {
        const page = await app.stores.readModels.getAt(readModels.publicPages.collection, pageID, position);
        const footer = await app.stores.readModels.getAt<{ items: { id: string }[] }>(readModels.publicMenus.collection, 'nl-nl-footer', position);
        seen.add(`${page ? 'live' : 'absent'}|${footer?.items.map((i) => i.id).join(',')}`);
      }
      expect([...seen]).to.deep.equal(['absent|privacy', 'live|privacy,abonnementen']);

      ok(await admin.post(`/release/${releaseID}/rollback`, {}));
      await gone('/abonnementen');
      expect(await footerOnSite()).to.deep.equal(['Privacy']);
      const rolledBack = await release(releaseID);
      expect(rolledBack.menus[0]).to.include({ version: 2, restoredVersion: 3, previousVersion: 1 });
      expect(await menuNow()).to.include({ draftVersion: 3, publishedVersion: 3 });
    });

    it('lets only those who may change menus put a menu in a release, and refuses a menu with nothing new', async () => {
      const releaseID = (ok(await admin.post('/release/create', { name: 'Menu alleen' })).body.data as { releaseID: string }).releaseID;
      // The service menu was never saved; the main menu's draft is what the site shows.
      expect((await admin.post(`/release/${releaseID}/add-menu`, { locale: 'nl-nl', kind: 'service' })).body.Errors[0]).to.include({ code: 'MN_07', property: 'kind' });
      expect((await admin.post(`/release/${releaseID}/add-menu`, { locale: 'nl-nl', kind: 'nowhere' })).body.Errors[0]).to.include({ code: 'V_12', property: 'kind' });
      expect((await admin.post(`/release/${releaseID}/remove-menu`, { locale: 'nl-nl', kind: 'main' })).status).to.equal(404);
      const anonymous = new ApiClient(app.url);
      expect((await anonymous.post(`/release/${releaseID}/add-menu`, { locale: 'nl-nl', kind: 'main' })).status).to.be.oneOf([401, 403]);
    });

    it('refuses to publish, naming each page, when an item is no longer ready, and writes nothing', async () => {
      const oneID = await newDraftPage('een', 'Een');
      const twoID = await newDraftPage('twee', 'Twee');
      const releaseID = await createRelease('Half klaar', [oneID, twoID]);
      // The second goes live by hand: its item's version is on the site already.
      const two = ok(await admin.get(`/page/${twoID}`)).body.data as { revision: number };
      ok(await admin.post(`/page/${twoID}/publish`, { revision: two.revision }));
      expect((await release(releaseID)).items.map((i) => i.status)).to.deep.equal(['ready', 'live']);

      const head = await app.stores.eventStore.headPosition();
      const refused = await admin.post(`/release/${releaseID}/publish`, {});
      expect(refused.status).to.equal(400);
      expect(refused.body.Errors).to.deep.include.members([{ code: 'V_07', property: 'items[1].pageID', model: 'release', message: 'This operation cannot be executed.' }]);
      expect(await app.stores.eventStore.headPosition()).to.equal(head);
      expect((await site('/een')).status).to.equal(404);

      // Taken out, the rest goes.
      ok(await admin.post(`/release/${releaseID}/remove-page`, { pageID: twoID }));
      ok(await admin.post(`/release/${releaseID}/publish`, {}));
      await shows('/een', 'Een');
    });

    it('does not publish an edit made after a page was added, until the page is added again', async () => {
      const pageID = await newDraftPage('gezien', 'Zoals gezien');
      const releaseID = await createRelease('Nagekeken', [pageID]);
      await storeDraft(pageID, 'Later gewijzigd');
      expect((await release(releaseID)).items.map((i) => i.status)).to.deep.equal(['changed']);
      const refused = await admin.post(`/release/${releaseID}/publish`, {});
      expect(refused.status).to.equal(400);
      expect(refused.body.Errors[0]).to.include({ code: 'V_07', property: 'items[0].pageID' });
      ok(await admin.post(`/release/${releaseID}/add-page`, { pageID }));
      expect((await release(releaseID)).items.map((i) => i.status)).to.deep.equal(['ready']);
      ok(await admin.post(`/release/${releaseID}/publish`, {}));
      await shows('/gezien', 'Later gewijzigd');
    });

    it('refuses a release whose page would show an image whose bytes are gone, naming the item and where', async () => {
      const blob = await app.auth.blobs.put(Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')]), { contentType: 'image/svg+xml' });
      const pageID = await newDraftPage('met-beeld', 'Met beeld');
      const page = ok(await admin.get(`/page/${pageID}`)).body.data as { draftVersionID: string; revision: number };
      const image = { type: 'image', key: 'b', anchorPoint: '', props: { externalUrl: '', alt: 'Beeld', caption: '' }, __images: [{ hash: blob.key, fileName: 'b.svg', altText: 'Beeld', fileID: 'f1' }] };
      ok(await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title: 'Met beeld', blocks: [image], ...seo }));
      const releaseID = await createRelease('Met beeld', [pageID]);
      await app.auth.blobs.delete(blob.key);
      const head = await app.stores.eventStore.headPosition();
      const refused = await admin.post(`/release/${releaseID}/publish`, {});
      expect(refused.status).to.equal(400);
      expect(refused.body.Errors[0]).to.include({ code: 'V_12', property: 'items[0].blocks[0].__images[0].hash', model: 'release' });
      expect(await app.stores.eventStore.headPosition()).to.equal(head);
    });

    it('rolls every page back at once: the one that was live shows its earlier version again, the new one goes off the site', async () => {
      const pricesID = await createPublishedPage(admin, { slug: 'tarieven', title: 'Tarieven 2026' });
      await storeDraft(pricesID, 'Tarieven 2027');
      const newsID = await newDraftPage('nieuws-2027', 'Nieuw in 2027');
      const releaseID = await createRelease('Jaarwissel', [pricesID, newsID]);
      ok(await admin.post(`/release/${releaseID}/publish`, {}));
      await shows('/tarieven', 'Tarieven 2027');

      const head = await app.stores.eventStore.headPosition();
      const rolled = ok(await admin.post(`/release/${releaseID}/rollback`, {})).body.data as { position: number };
      await shows('/tarieven', 'Tarieven 2026');
      expect((await site('/tarieven')).body).to.not.include('Tarieven 2027');
      await gone('/nieuws-2027');

      const view = await release(releaseID);
      expect(view.status).to.equal('rolledBack');
      const restored = view.items.find((i) => i.pageID === pricesID)!.restoredVersionID;
      expect(restored).to.be.a('string');
      expect(view.items.find((i) => i.pageID === newsID)!.restoredVersionID).to.equal(null);
      // History is never rewritten: the page gained a version with the earlier content, published.
      const page = ok(await admin.get(`/page/${pricesID}`)).body.data as { publishedVersionID: string; title: string };
      expect(page).to.include({ publishedVersionID: restored, title: 'Tarieven 2026' });
      const written = await app.stores.eventStore.readAll({ after: head });
      expect(written[written.length - 1]).to.include({ stream: `release-${releaseID}`, type: 'ReleaseRolledBack', position: rolled.position });
      expect(written.filter((e) => e.stream === `page-${newsID}`).map((e) => e.type)).to.deep.equal(['PageUnpublished']);

      // A rolled back release is history.
      expect((await admin.post(`/release/${releaseID}/rollback`, {})).status).to.equal(400);
      expect((await admin.post(`/release/${releaseID}/add-page`, { pageID: newsID })).status).to.equal(400);
    });

    it('is published by the scheduler when its moment comes, not before, and a cancelled schedule does nothing', async () => {
      const pageID = await newDraftPage('lente', 'Lenteactie');
      const releaseID = await createRelease('Lente', [pageID]);
      const at = new Date(now + DAY).toISOString();
      ok(await admin.post(`/release/${releaseID}/schedule`, { at }));
      expect(await release(releaseID)).to.deep.include({ status: 'scheduled' });
      expect((await release(releaseID)).schedule).to.include({ at, attempts: 0 });

      await passTime(0);
      expect((await site('/lente')).status).to.equal(404);
      await passTime(DAY + 1000);
      await shows('/lente', 'Lenteactie');
      expect(await release(releaseID)).to.include({ status: 'published' });

      const laterID = await newDraftPage('zomer', 'Zomeractie');
      const later = await createRelease('Zomer', [laterID]);
      ok(await admin.post(`/release/${later}/schedule`, { at: new Date(now + DAY).toISOString() }));
      ok(await admin.post(`/release/${later}/schedule/cancel`, {}));
      await passTime(2 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await site('/zomer')).status).to.equal(404);
      expect(await release(later)).to.include({ status: 'open', schedule: null });
    });

    it('records a scheduled release that cannot go live, with its error and a retry, and never publishes part of it', async () => {
      const oneID = await newDraftPage('herfst-een', 'Herfst een');
      const twoID = await newDraftPage('herfst-twee', 'Herfst twee');
      const releaseID = await createRelease('Herfst', [oneID, twoID]);
      ok(await admin.post(`/release/${releaseID}/schedule`, { at: new Date(now + DAY).toISOString() }));
      ok(await admin.post(`/page/${twoID}/delete`, {}));
      await passTime(DAY + 1000);
      const view = await release(releaseID);
      expect(view.status).to.equal('scheduled');
      expect(view.schedule).to.deep.include({ attempts: 1, lastError: { code: 'V_07', message: 'This operation cannot be executed.' } });
      expect(view.schedule!.retryAt).to.be.a('string');
      expect((await site('/herfst-een')).status).to.equal(404);
      expect(view.items.map((i) => i.status)).to.deep.equal(['ready', 'gone']);
      const mail = await waitForMail(app.env.PAGELOG_DATA_DIR!, 'admin@pagelog.test', /Scheduled release failed: Herfst/);
      expect(mail.text).to.contain('none of its pages went live').and.contain(`/cmsadmin/releases/${releaseID}`);

      // Put right (the deleted page taken out), the retry publishes it.
      ok(await admin.post(`/release/${releaseID}/remove-page`, { pageID: twoID }));
      // The site as it will be shows it to come, marked as failing so far.
      const ahead = ok(await admin.get(`/time-travel/moment?at=${encodeURIComponent(new Date(now + DAY).toISOString())}`)).body.data as { future: { changes: { pageId?: string; release?: { id: string }; failing?: { attempts: number; retryAt: string | null } }[] } };
      expect(ahead.future.changes.filter((c) => c.release?.id === releaseID).map((c) => [c.pageId, c.failing?.attempts, c.failing?.retryAt])).to.deep.equal([[oneID, 1, view.schedule!.retryAt]]);
      // Not before its retry: that is when it can happen at the earliest.
      const justBefore = new Date(Date.parse(view.schedule!.retryAt!) - 1000).toISOString();
      const early = ok(await admin.get(`/time-travel/moment?at=${encodeURIComponent(justBefore)}`)).body.data as { future: { changes: { release?: { id: string } }[] } };
      expect(early.future.changes.filter((c) => c.release?.id === releaseID)).to.deep.equal([]);
      await passTime(30_000);
      expect((await site('/herfst-een')).status, 'not before the retry').to.equal(404);
      await passTime(2 * 60_000);
      await shows('/herfst-een', 'Herfst een');
      expect(await release(releaseID)).to.include({ status: 'published' });
    });

    it('is previewed in time travel with all its pages published over the site as it is, through a signed read-only link', async () => {
      const homeID = await createPublishedPage(admin, { slug: 'diensten', title: 'Diensten' });
      await storeDraft(homeID, 'Diensten, nieuw ingedeeld');
      const newID = await newDraftPage('diensten/advies', 'Advies op maat');
      const releaseID = await createRelease('Nieuwe diensten', [homeID, newID]);
      const link = ok(await admin.post('/time-travel/link', { releaseId: releaseID, hours: 2 })).body.data as { url: string; kind: string; releaseId: string };
      expect(link).to.include({ kind: 'release', releaseId: releaseID });
      expect(link.url).to.match(/^\/_asof\/r-[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);

      const opened = await fetch(`${app.url}${link.url}`, { redirect: 'manual' });
      expect(opened.status).to.equal(302);
      const cookie = opened.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='))!.split(';')[0]!;
      const previewed = async (path: string) => {
        const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
        return { status: response.status, body: await response.text() };
      };
      const services = await previewed('/diensten');
      expect(services.body).to.include('Diensten, nieuw ingedeeld').and.include('Nieuwe diensten');
      expect((await previewed('/diensten/advies')).body).to.include('Advies op maat');
      // Without the link, the site is as it is; nothing was published.
      expect((await site('/diensten')).body).to.not.include('nieuw ingedeeld');
      expect((await site('/diensten/advies')).status).to.equal(404);
      // Read-only.
      expect((await fetch(`${app.url}/diensten`, { method: 'POST', headers: { Cookie: cookie } })).status).to.equal(409);

      // Once published, the preview has nothing to come: its link no longer opens.
      ok(await admin.post(`/release/${releaseID}/publish`, {}));
      expect((await fetch(`${app.url}${link.url}`, { redirect: 'manual' })).status).to.not.equal(302);
      expect((await admin.post('/time-travel/link', { releaseId: releaseID })).status).to.equal(400);
      expect((await admin.post('/time-travel/link', { releaseId: '01a24247-4db7-70b4-b24c-730392d60495' })).status).to.equal(404);
    });

    it("previews a release's menu change with its pages, and shows nothing of a release that could not be published as it stands", async () => {
      const pageID = await newDraftPage('werkwijze', 'Onze werkwijze');
      const menu = ok(await admin.get('/menu/get?locale=nl-nl&kind=service')).body.data as { revision: number };
      ok(await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'service', items: [{ id: 'werkwijze', label: 'Zo werken wij', pageID, url: null, children: [] }], revision: menu.revision }));
      const releaseID = await createRelease('Werkwijze', [pageID]);
      ok(await admin.post(`/release/${releaseID}/add-menu`, { locale: 'nl-nl', kind: 'service' }));
      const openPreview = async () => {
        const link = ok(await admin.post('/time-travel/link', { releaseId: releaseID, hours: 1 })).body.data as { url: string };
        const opened = await fetch(`${app.url}${link.url}`, { redirect: 'manual' });
        const cookie = opened.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='))!.split(';')[0]!;
        return async (path: string) => {
          const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
          return { status: response.status, body: await response.text() };
        };
      };
      const previewed = await openPreview();
      const page = await previewed('/werkwijze');
      expect(page.status).to.equal(200);
      // The service menu, never on the site, shows in the preview with its link to the page.
      expect(page.body).to.include('Zo werken wij').and.include('href="/werkwijze"');
      expect((await site('/')).body).to.not.include('Zo werken wij');

      // The draft edited after it was added: publishing would be refused, so the preview shows none of it.
      await storeDraft(pageID, 'Onze werkwijze, herzien');
      expect((await release(releaseID)).items[0]!.status).to.equal('changed');
      const stale = await openPreview();
      expect((await stale('/werkwijze')).status).to.equal(404);
      const staleHome = (await stale('/')).body;
      expect(staleHome).to.not.include('Zo werken wij');
      // And says so.
      expect(staleHome).to.include('die zo niet gepubliceerd kan worden');
      expect(page.body).to.not.include('die zo niet gepubliceerd kan worden');
    });

    it('gives a publisher without time-travel the preview of a release, and an editor none', async () => {
      const pageID = await newDraftPage('preview-voor-uitgevers', 'Voor uitgevers');
      const releaseID = await createRelease('Uitgevers', [pageID]);
      const publisher = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'uitgever@pagelog.test', role: 'publisher' });
      expect((await publisher.client.post('/time-travel/link', { releaseId: releaseID })).status).to.equal(403);
      const link = ok(await publisher.client.post(`/release/${releaseID}/preview-link`, {})).body.data as { url: string; kind: string; releaseId: string };
      expect(link).to.include({ kind: 'release', releaseId: releaseID });
      const opened = await fetch(`${app.url}${link.url}`, { redirect: 'manual' });
      const cookie = opened.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='))!.split(';')[0]!;
      expect(await (await fetch(`${app.url}/preview-voor-uitgevers`, { headers: { Cookie: cookie } })).text()).to.include('Voor uitgevers');
      const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'redacteur@pagelog.test', role: 'editor' });
      expect((await editor.client.post(`/release/${releaseID}/preview-link`, {})).status).to.equal(403);
      expect((await admin.post('/release/no-such-release/preview-link', {})).status).to.equal(404);
    });

    it('shows a scheduled release in the site as it will be, at its moment, all its pages together', async () => {
      const oneID = await newDraftPage('winter-een', 'Winter een');
      const twoID = await newDraftPage('winter-twee', 'Winter twee');
      const releaseID = await createRelease('Winter', [oneID, twoID]);
      // And the main menu's new draft, naming the first page.
      const menu = ok(await admin.get('/menu/get?locale=nl-nl&kind=main')).body.data as { revision: number; draft: { version: number; items: unknown[] } };
      ok(await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', items: [...menu.draft.items, { id: 'winter', label: 'Winter', pageID: oneID, url: null, children: [] }], revision: menu.revision }));
      ok(await admin.post(`/release/${releaseID}/add-menu`, { locale: 'nl-nl', kind: 'main' }));
      const at = new Date(now + 2 * 60 * 60_000).toISOString();
      ok(await admin.post(`/release/${releaseID}/schedule`, { at }));
      const moment = ok(await admin.get(`/time-travel/moment?at=${encodeURIComponent(new Date(now + 3 * 60 * 60_000).toISOString())}`)).body.data as { future: { changes: { action: string; pageId?: string; kind?: string; version?: number; at: string; release?: { id: string; name: string } }[] } };
      const planned = moment.future.changes.filter((c) => c.release?.id === releaseID);
      expect(planned.map((c) => [c.action === 'publish-menu' ? `${c.kind} ${c.version}` : c.pageId, c.at, c.release!.name])).to.deep.equal([
        [oneID, at, 'Winter'],
        [twoID, at, 'Winter'],
        [`main ${menu.draft.version + 1}`, at, 'Winter'],
      ]);
      // The site as it will be then: the main menu names the first page, live by then.
      const link = ok(await admin.post('/time-travel/link', { at: new Date(now + 3 * 60 * 60_000).toISOString() })).body.data as { url: string };
      const opened = await fetch(`${app.url}${link.url}`, { redirect: 'manual' });
      const cookie = opened.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='))!.split(';')[0]!;
      expect(await (await fetch(`${app.url}/winter-twee`, { headers: { Cookie: cookie } })).text()).to.include('href="/winter-een"');
      const before = ok(await admin.get(`/time-travel/moment?at=${encodeURIComponent(new Date(now + 60 * 60_000).toISOString())}`)).body.data as { future: { changes: { release?: { id: string } }[] } };
      expect(before.future.changes.filter((c) => c.release?.id === releaseID)).to.deep.equal([]);
    });

    it('answers bad input from the catalogue, and lets only those who may publish change releases', async () => {
      expect((await admin.post('/release/create', { name: '' })).body.Errors[0]).to.include({ code: 'V_01', property: 'name' });
      expect((await admin.post('/release/create', { name: 'x'.repeat(121) })).body.Errors[0]).to.include({ code: 'V_14', property: 'name' });
      const releaseID = (ok(await admin.post('/release/create', { name: 'Leeg' })).body.data as { releaseID: string }).releaseID;
      expect((await admin.post(`/release/${releaseID}/publish`, {})).body.Errors[0]).to.include({ code: 'V_07', property: 'items' });
      expect((await admin.post(`/release/${releaseID}/schedule`, { at: new Date(now - 1000).toISOString() })).body.Errors[0]).to.include({ code: 'V_12', property: 'at' });
      expect((await admin.post(`/release/${releaseID}/add-page`, { pageID: 'no-such-page' })).status).to.equal(404);
      expect((await admin.get('/release/no-such-release')).status).to.equal(404);
      ok(await admin.post(`/release/${releaseID}/delete`, {}));
      expect((await admin.get(`/release/${releaseID}`)).status).to.equal(404);

      const anonymous = new ApiClient(app.url);
      expect((await anonymous.get('/release/list')).status).to.equal(401);
      expect((await anonymous.post('/release/create', { name: 'x' })).status).to.be.oneOf([401, 403]);
    });
  });
}
