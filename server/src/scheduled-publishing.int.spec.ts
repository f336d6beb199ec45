import { expect } from 'chai';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';
import { readModels } from '@pagelog/contracts/read-models';
import { Readable } from 'node:stream';
import { readOutbox, waitForMail } from './test-kit/outbox';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const MINUTE = 60_000;

/**
 * Scheduled publishing and unpublishing through HTTP (issue 17), on a clock the test moves: a
 * publication set for later happens when the clock passes it, not before; it can be changed and
 * cancelled until then; an unpublication takes the page off the site; one due while the product
 * was down happens at start; one that cannot be carried out is recorded with its error, retried,
 * and mailed to whoever scheduled it. Only those who may publish may schedule.
 */
for (const kind of storeKinds()) {
  describe(`scheduled publishing through HTTP (${kind})`, function () {
    this.timeout(90_000);
    let now = Date.parse('2026-12-03T09:00:00.000Z');
    const clock = () => now;
    let app: TestPagelog;
    let admin: ApiClient;

    const start = async (env?: Record<string, string>) => {
      app = await startTestPagelog(kind, { clock, env, extraEnv: { PAGELOG_SCHEDULER_INTERVAL_MS: '600000' } });
      admin = await ApiClient.loggedIn(app.url);
    };

    async function newPage(slug: string): Promise<{ pageID: string }> {
      const created = await admin.post('/page/create', { title: `Pagina ${slug}`, slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      const { pageID, pageVersionID, revision } = created.body.data;
      const stored = await admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: `Pagina ${slug}`, blocks: [heading('k', 'Welkom')], ...seo });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
      return { pageID };
    }

    const site = (slug: string) => fetch(`${app.url}/${slug}`).then((r) => r.status);
    const page = async (pageID: string) => (await admin.get(`/page/${pageID}`)).body.data;
    /** Waits until every read model (the schedules', the site's) has taken in the log so far. */
    const caughtUp = async () => {
      const head = await app.stores.eventStore.headPosition();
      await app.stores.readModels.waitForCheckpoints([readModels.pages.projection, readModels.publicPages.projection], head, 10_000);
      admin.lastPosition = Math.max(admin.lastPosition, head);
    };
    /** Runs the scheduler's round now (on what it can read), and waits until its events are read. */
    const round = async () => {
      await caughtUp();
      await app.scheduler.tick();
      await caughtUp();
    };

    before(async () => start());
    after(async () => {
      await app?.stop();
    });

    it('publishes at the set time, not before, and shows what is pending until then', async () => {
      const { pageID } = await newPage('later');
      const at = new Date(now + 2 * MINUTE).toISOString();
      const scheduled = await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at });
      expect(scheduled.status, JSON.stringify(scheduled.body.Errors)).to.equal(200);
      expect((await page(pageID)).schedules.publish).to.deep.include({ action: 'publish', at, attempts: 0, lastError: null });
      const upcoming = (await admin.get('/page/schedules')).body.data as { pageId: string; title: string; scheduledByName: string; action: string }[];
      expect(upcoming.find((u) => u.pageId === pageID)).to.deep.include({ title: 'Pagina later', action: 'publish', scheduledByName: 'Administrator' });
      const listed = (await admin.post('/page/list', { pageIndex: 0, pageSize: 100 })).body.data;
      expect(listed.items.find((p: { id: string }) => p.id === pageID).schedules.publish.at).to.equal(at);

      now += MINUTE;
      await round();
      expect(await site('later')).to.equal(404);
      expect((await page(pageID)).status).to.not.equal('published');

      now += MINUTE + 1_000;
      await round();
      expect((await page(pageID)).status).to.equal('published');
      expect((await page(pageID)).schedules ?? {}).to.deep.equal({});
      expect(await site('later')).to.equal(200);
      const history = (await admin.get(`/page/${pageID}/history`)).body.data as { type: string; actorName: string }[];
      expect(history.slice(-2).map((h) => h.type)).to.deep.equal(['PagePublished', 'PageScheduleCarriedOut']);
      expect((await admin.get('/page/schedules')).body.data.some((u: { pageId: string }) => u.pageId === pageID)).to.equal(false);
    });

    it('can be changed and cancelled until it happens, and refuses a moment in the past', async () => {
      const { pageID } = await newPage('changed');
      expect((await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now - MINUTE).toISOString() })).body.Errors[0]).to.include({ code: 'V_12', property: 'at' });
      expect((await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: 'tomorrow' })).status).to.equal(400);
      await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() });
      const later = new Date(now + 10 * MINUTE).toISOString();
      expect((await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: later })).status).to.equal(200);
      expect((await page(pageID)).schedules.publish.at).to.equal(later);
      now += 2 * MINUTE;
      await round();
      expect((await page(pageID)).status).to.not.equal('published');
      expect((await admin.post(`/page/${pageID}/schedule/cancel`, { action: 'publish' })).status).to.equal(200);
      expect((await page(pageID)).schedules ?? {}).to.deep.equal({});
      now += 10 * MINUTE;
      await round();
      expect((await page(pageID)).status).to.not.equal('published');
      expect((await admin.post(`/page/${pageID}/schedule/cancel`, { action: 'publish' })).body.Errors[0]).to.include({ code: 'V_07' });
    });

    it('drops a scheduled publication when the draft is saved again, so nothing unseen goes live', async () => {
      const { pageID } = await newPage('bewerkt');
      await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() });
      const current = await page(pageID);
      const saved = await admin.post(`/page/version/${current.draftVersionID}/store`, { pageID, revision: current.revision, title: 'Nog niet bekeken', blocks: [heading('k', 'Nieuw')], ...seo });
      expect(saved.status, JSON.stringify(saved.body.Errors)).to.equal(200);
      expect((await page(pageID)).schedules ?? {}).to.deep.equal({});
      now += 2 * MINUTE;
      await round();
      expect((await page(pageID)).status).to.not.equal('published');
      expect(await site('bewerkt')).to.equal(404);
    });

    it('unpublishes at the set time, and only a page that is or will be live', async () => {
      const { pageID } = await newPage('tijdelijk');
      expect((await admin.post(`/page/${pageID}/schedule`, { action: 'unpublish', at: new Date(now + MINUTE).toISOString() })).body.Errors[0]).to.include({ code: 'V_07' });
      await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() });
      expect((await admin.post(`/page/${pageID}/schedule`, { action: 'unpublish', at: new Date(now + 5 * MINUTE).toISOString() })).status).to.equal(200);
      now += 2 * MINUTE;
      await round();
      expect(await site('tijdelijk')).to.equal(200);
      now += 5 * MINUTE;
      await round();
      expect(await site('tijdelijk')).to.equal(404);
      expect((await page(pageID)).status).to.equal('not-published');
    });

    it('carries out at start what fell due while the product was down', async () => {
      const { pageID } = await newPage('na-herstart');
      await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + 30 * MINUTE).toISOString() });
      const env = app.env;
      await app.stop(true);
      now += 60 * MINUTE;
      await start(env);
      // The first round runs as the product starts (the next would be ten minutes later).
      const until = Date.now() + 10_000;
      while ((await page(pageID)).status !== 'published' && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await page(pageID)).status).to.equal('published');
    });

    it('drops the schedule of a page deleted before it was due', async () => {
      const { pageID } = await newPage('weg');
      await admin.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() });
      expect((await admin.post(`/page/${pageID}/delete`, {})).status).to.equal(200);
      now += 2 * MINUTE;
      await round();
      expect((await admin.get('/page/schedules')).body.data.some((u: { pageId: string }) => u.pageId === pageID)).to.equal(false);
    });

    it('records a failure with its error, tries again later, and mails whoever scheduled it', async () => {
      const planner = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `planner-${kind}@pagelog.test`, role: 'publisher', name: 'Petra Planner' });
      ApiClient.sharePositions(admin, planner.client);
      // A draft that shows an image whose bytes go missing before it is due: publishing it is refused.
      const bytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
      const blob = await app.auth.blobs.put(Readable.from([bytes]), { contentType: 'image/svg+xml' });
      const created = await admin.post('/page/create', { title: 'Met beeld', slug: 'met-beeld', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
      const { pageID, pageVersionID, revision } = created.body.data;
      const image = { type: 'image', key: 'b', anchorPoint: '', props: { externalUrl: '', alt: 'Beeld', caption: '' }, __images: [{ hash: blob.key, fileName: 'b.svg', altText: 'Beeld', fileID: 'f1' }] };
      const stored = await admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'Met beeld', blocks: [image], ...seo });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
      const outbox = (await readOutbox(app.env.PAGELOG_DATA_DIR!)).length;
      expect((await planner.client.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() })).status).to.equal(200);
      await app.auth.blobs.delete(blob.key);

      now += 2 * MINUTE;
      await round();
      const failed = (await page(pageID)).schedules.publish;
      expect(failed).to.deep.include({ attempts: 1, retryAt: new Date(now + MINUTE).toISOString() });
      expect(failed.lastError.code).to.equal('V_12');
      expect((await page(pageID)).status).to.not.equal('published');
      const upcoming = (await admin.get('/page/schedules')).body.data.find((u: { pageId: string }) => u.pageId === pageID);
      expect(upcoming.lastError.code).to.equal('V_12');
      const mail = await waitForMail(app.env.PAGELOG_DATA_DIR!, `planner-${kind}@pagelog.test`, /Scheduled publication failed: Met beeld/, outbox);
      expect(mail.text).to.contain('tries again at');

      // Not before the retry; then, with the bytes back, it goes through.
      await round();
      expect((await page(pageID)).schedules.publish.attempts).to.equal(1);
      await app.auth.blobs.put(Readable.from([bytes]), { contentType: 'image/svg+xml' });
      now += MINUTE;
      await round();
      expect((await page(pageID)).status).to.equal('published');
    });

    it('lets only those who may publish schedule', async () => {
      const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `editor-${kind}@pagelog.test`, role: 'editor' });
      const { pageID } = await newPage('rechten');
      const refused = await editor.client.post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() });
      expect(refused.status).to.equal(403);
      expect((await editor.client.post(`/page/${pageID}/schedule/cancel`, { action: 'publish' })).status).to.equal(403);
      expect((await new ApiClient(app.url).post(`/page/${pageID}/schedule`, { action: 'publish', at: new Date(now + MINUTE).toISOString() })).status).to.equal(401);
      expect((await new ApiClient(app.url).get('/page/schedules')).status).to.equal(401);
    });
  });
}
