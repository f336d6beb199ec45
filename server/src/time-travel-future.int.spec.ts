import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import { readModels } from '@pagelog/contracts/read-models';
import type { PlannedPageChangeView, TimeTravelLink, TimeTravelMoment } from '@pagelog/contracts/time-travel/time-travel';
import { createSiteApp } from '@pagelog/site-web/server/create-site-app';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { createPublishedPage, publishTitle, visibleAfter } from './test-kit/site-pages';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const DAY = 24 * 60 * 60_000;

function ok(reply: ApiReply): ApiReply {
  expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
  return reply;
}

function cookieOf(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith('pagelog_asof='));
  expect(set, 'the as-of cookie').to.be.a('string');
  return set!.split(';')[0]!;
}

/**
 * The site as it will be (issue 17): a date after now shows the site as it is, with the pages'
 * scheduled publications and unpublications due by then laid over it (decision 0005: applied in
 * memory, nothing written), through the same signed, read-only link as the past. A schedule
 * dropped or carried out is no longer planned; the view follows what is planned when it is read.
 */
for (const kind of storeKinds()) {
  describe(`time travel: the site as it will be (${kind})`, function () {
    this.timeout(120_000);
    let now = Date.parse('2026-12-03T09:00:00.000Z');
    const clock = () => now;
    let app: TestPagelog;
    let admin: ApiClient;
    let comingID: string;
    let campaignID: string;
    const inTwoDays = new Date(now + 2 * DAY).toISOString();
    const inThreeDays = new Date(now + 3 * DAY).toISOString();

    const site = (path: string, cookie?: string) => fetch(`${app.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
    const moment = async (at: string) => ok(await admin.get(`/time-travel/moment?at=${encodeURIComponent(at)}`)).body.data as TimeTravelMoment;
    async function openFuture(at: string, base = app.url): Promise<string> {
      const link = ok(await admin.post('/time-travel/link', { at, hours: 2 })).body.data as TimeTravelLink;
      expect(link).to.include({ kind: 'future', at });
      expect(link.url).to.match(/^\/_asof\/f-[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
      const opened = await fetch(`${base}${link.url}`, { redirect: 'manual' });
      expect(opened.status).to.equal(302);
      return cookieOf(opened);
    }

    before(async () => {
      app = await startTestPagelog(kind, { clock, extraEnv: { PAGELOG_SCHEDULER_INTERVAL_MS: '600000' } });
      admin = await ApiClient.loggedIn(app.url);
      await createPublishedPage(admin, { slug: 'over-ons', title: 'Over ons' });
      campaignID = await createPublishedPage(admin, { slug: 'actie', title: 'Winteractie' });
      // A page written now, to go live in two days; the campaign ends in three.
      const created = ok(await admin.post('/page/create', { title: 'Nieuwe visie', slug: 'visie', type: 'base', locale: 'nl-nl' })).body.data as { pageID: string; pageVersionID: string; revision: number };
      comingID = created.pageID;
      // Its tag has no live page yet: its tag page is not there until the page goes live.
      const tagged = ok(await admin.post(`/page/${comingID}/tags`, { tags: [{ name: 'Toekomst', visibility: 'public' }] })).body.data as { revision: number };
      ok(await admin.post(`/page/version/${created.pageVersionID}/store`, { pageID: comingID, revision: tagged.revision, title: 'Nieuwe visie', blocks: [{ type: 'heading', key: 'kop', props: { text: 'Onze visie op morgen', level: 1 }, anchorPoint: '' }], ...seo }));
      ok(await admin.post(`/page/${comingID}/schedule`, { action: 'publish', at: inTwoDays }));
      ok(await admin.post(`/page/${campaignID}/schedule`, { action: 'unpublish', at: inThreeDays }));
      // The main menu names both: the site shows an item only while its page is live.
      const menu = ok(await admin.get('/menu/get?locale=nl-nl&kind=main')).body.data as { revision: number };
      const items = [
        { id: 'visie', label: '', pageID: comingID, url: null, children: [] },
        { id: 'actie', label: '', pageID: campaignID, url: null, children: [] },
      ];
      const saved = ok(await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', items, revision: menu.revision })).body.data as { revision: number };
      ok(await admin.post('/menu/publish', { locale: 'nl-nl', kind: 'main', revision: saved.revision }));
    });
    after(async () => {
      await app?.stop();
    });

    it('names a later date as the site as it will be, with what is scheduled by then in the order it happens', async () => {
      const tomorrow = await moment(new Date(now + DAY).toISOString());
      const head = await app.stores.eventStore.headPosition();
      expect(tomorrow.position).to.equal(head);
      expect(tomorrow.future).to.deep.equal({ at: new Date(now + DAY).toISOString(), changes: [] });
      const later = await moment(new Date(now + 4 * DAY).toISOString());
      const changes = (later.future!.changes as PlannedPageChangeView[]).map((c) => ({ action: c.action, at: c.at, title: c.title, path: c.path }));
      expect(changes).to.deep.equal([
        { action: 'publish', at: inTwoDays, title: 'Nieuwe visie', path: '/visie' },
        { action: 'unpublish', at: inThreeDays, title: 'Winteractie', path: '/actie' },
      ]);
      // A date before now is still the past.
      expect((await moment(new Date(now - DAY).toISOString())).future).to.equal(undefined);
    });

    it('shows the site as it will be: a scheduled page live, an unpublished one gone, the rest as now, with its own banner', async () => {
      const cookie = await openFuture(new Date(now + 4 * DAY).toISOString());
      const coming = await site('/visie', cookie);
      expect(coming.status).to.equal(200);
      expect(coming.headers.get('cache-control')).to.equal('private, no-store');
      const body = await coming.text();
      expect(body).to.include('class="as-of-banner"').and.include('zoals die zal zijn op').and.include('Onze visie op morgen');
      expect(body).not.to.include('<script type="module"');
      expect((await site('/actie', cookie)).status).to.equal(404);
      const about = await (await site('/over-ons', cookie)).text();
      expect(about).to.include('Over ons');
      // The menu follows: the coming page's item is there, the campaign's is gone.
      expect(about).to.include('href="/visie"').and.not.include('href="/actie"');
      const aboutNow = await (await site('/over-ons')).text();
      expect(aboutNow).to.include('href="/actie"').and.not.include('href="/visie"');
      // The tag of the coming page has its tag page then, not now.
      expect((await site('/tag/toekomst', cookie)).status).to.equal(200);
      expect(await (await site('/tag/toekomst', cookie)).text()).to.include('Nieuwe visie');
      expect((await site('/tag/toekomst')).status).to.equal(404);
      // Search finds what will be there, and not what will be gone.
      const found = await (await site('/zoeken?q=visie', cookie)).text();
      expect(found).to.include('href="/visie"');
      expect(await (await site('/zoeken?q=winteractie', cookie)).text()).not.to.include('href="/actie"');
      // Read-only, and the present is untouched.
      expect((await fetch(`${app.url}/visie`, { method: 'POST', headers: { Cookie: cookie } })).status).to.equal(409);
      expect((await site('/visie')).status).to.equal(404);
      expect((await site('/actie')).status).to.equal(200);
    });

    it('shows between two changes only the first', async () => {
      const cookie = await openFuture(new Date(now + 2.5 * DAY).toISOString());
      expect((await site('/visie', cookie)).status).to.equal(200);
      expect((await site('/actie', cookie)).status).to.equal(200);
    });

    it('follows the plan as it is when read: a change to the live page shows, a dropped schedule no longer applies', async () => {
      const cookie = await openFuture(new Date(now + 4 * DAY).toISOString());
      await publishTitle(admin, await findId('over-ons'), 'Over ons, vernieuwd');
      // Once the site has heard of the change (the present first, as a visitor would see it).
      await visibleAfter(`${app.url}/over-ons`, 'vernieuwd', performance.now(), 10_000);
      expect(await (await site('/over-ons', cookie)).text()).to.include('vernieuwd');
      ok(await admin.post(`/page/${campaignID}/schedule/cancel`, { action: 'unpublish' }));
      await app.stores.readModels.waitForCheckpoints([readModels.pages.projection], await app.stores.eventStore.headPosition(), 10_000);
      expect((await site('/actie', cookie)).status).to.equal(200);
      ok(await admin.post(`/page/${campaignID}/schedule`, { action: 'unpublish', at: inThreeDays }));
      // The main menu names both: the site shows an item only while its page is live.
      const menu = ok(await admin.get('/menu/get?locale=nl-nl&kind=main')).body.data as { revision: number };
      const items = [
        { id: 'visie', label: '', pageID: comingID, url: null, children: [] },
        { id: 'actie', label: '', pageID: campaignID, url: null, children: [] },
      ];
      const saved = ok(await admin.post('/menu/save-draft', { locale: 'nl-nl', kind: 'main', items, revision: menu.revision })).body.data as { revision: number };
      ok(await admin.post('/menu/publish', { locale: 'nl-nl', kind: 'main', revision: saved.revision }));
    });

    it('shows what is scheduled also on a site that reads the API over HTTP (the distributed mode)', async () => {
      const remote = createSiteApp({ apiUrl: app.url, publicUrl: 'https://www.voorbeeld.nl', logger: { info() {}, warn() {}, error() {} } as never });
      const server = remote.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const remoteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const cookie = await openFuture(new Date(now + 4 * DAY).toISOString(), remoteUrl);
        const coming = await fetch(`${remoteUrl}/visie`, { headers: { Cookie: cookie } });
        expect(coming.status).to.equal(200);
        expect(await coming.text()).to.include('zoals die zal zijn op').and.include('Onze visie op morgen');
        expect((await fetch(`${remoteUrl}/actie`, { headers: { Cookie: cookie } })).status).to.equal(404);
        expect((await fetch(`${remoteUrl}/visie`)).status).to.equal(404);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('makes a link only to a later moment, or a position, and only one of them', async () => {
      expect((await admin.post('/time-travel/link', { at: new Date(now - DAY).toISOString() })).body.Errors[0]).to.include({ code: 'V_12', property: 'at' });
      expect((await admin.post('/time-travel/link', { at: 'overmorgen' })).body.Errors[0]).to.include({ code: 'V_12', property: 'at' });
      expect((await admin.post('/time-travel/link', {})).body.Errors[0]).to.include({ code: 'V_01', property: 'position' });
      expect((await admin.post('/time-travel/link', { position: 1, at: inTwoDays })).status).to.equal(400);
      expect((await new ApiClient(app.url).post('/time-travel/link', { at: inTwoDays })).status).to.equal(401);
    });

    it('once the clock passes a schedule and it is carried out, the present shows it and the plan no longer lists it', async () => {
      now += 2 * DAY + 60_000;
      // Two days on, the session has ended: sign in again.
      admin = await ApiClient.loggedIn(app.url);
      await app.stores.readModels.waitForCheckpoints([readModels.pages.projection], await app.stores.eventStore.headPosition(), 10_000);
      await app.scheduler.tick();
      await app.stores.readModels.waitForCheckpoints([readModels.pages.projection, readModels.publicPages.projection], await app.stores.eventStore.headPosition(), 10_000);
      admin.lastPosition = await app.stores.eventStore.headPosition();
      await visibleAfter(`${app.url}/visie`, 'Onze visie op morgen', performance.now(), 10_000);
      const later = await moment(new Date(now + 4 * DAY).toISOString());
      expect((later.future!.changes as PlannedPageChangeView[]).map((c) => c.title)).to.deep.equal(['Winteractie']);
    });

    async function findId(slug: string): Promise<string> {
      const listed = ok(await admin.post('/page/list', { pageIndex: 0, pageSize: 100 })).body.data as { items: { id: string; slug: string }[] };
      return listed.items.find((p) => p.slug === slug)!.id;
    }
  });
}
