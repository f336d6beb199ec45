import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import sharp from 'sharp';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { slugStream } from '@pagelog/contracts/events/slug-events';
import { ApiClient } from './test-kit/api-client';
import { startWithFaultyStore, type FaultyEventStore } from './test-kit/faulty-event-store';
import { storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };

/** A FaultyEventStore that can also hold appends to matching streams until let go (two requests at once). */
/**
 * Commands sent with an Idempotency-Key (decision 0007): a retry of the same request is answered
 * with the first one's result and appends nothing, also when the first one's answer was lost
 * after its events were written; without a key a command is decided again as before.
 */
for (const kind of storeKinds()) {
  describe(`idempotent commands (${kind})`, function () {
    this.timeout(60_000);
    let app: TestPagelog;
    let store: FaultyEventStore;
    let admin: ApiClient;
    let seq = 0;
    /** How far the product's clock is ahead of the real one. */
    let ahead = 0;

    beforeEach(async () => {
      ahead = 0;
      ({ app, faulty: store } = await startWithFaultyStore(kind, { clock: () => Date.now() + ahead }));
      admin = await ApiClient.loggedIn(app.url);
    });
    afterEach(async () => {
      store?.clear();
      await app?.stop();
    });

    const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
    const createBody = (slug: string, title = 'Nieuws') => ({ title, slug, type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    const create = (who: ApiClient, slug: string, key?: string, title?: string) => who.post('/page/create', createBody(slug, title), key ? keyed(key) : {});
    const head = () => app.stores.eventStore.headPosition();
    const nextSlug = () => `nieuws-${++seq}`;

    describe('a create sent twice', () => {
      it('with one key answers the same page and position the second time, and appends nothing', async () => {
        const key = randomUUID();
        const slug = nextSlug();
        const first = await create(admin, slug, key);
        expect(first.status, JSON.stringify(first.body)).to.equal(200);
        const before = await head();
        const second = await create(admin, slug, key);
        expect(second.status).to.equal(200);
        expect(second.body).to.deep.equal(first.body);
        expect(second.headers.get('x-pagelog-position')).to.equal(String(first.body.data.position));
        expect(second.headers.get('idempotent-replayed')).to.equal('true');
        expect(first.headers.get('idempotent-replayed')).to.equal(null);
        expect(await head()).to.equal(before);
      });

      it('without a key is a second create, refused because the slug is taken (V_06)', async () => {
        const slug = nextSlug();
        expect((await create(admin, slug)).status).to.equal(200);
        const second = await create(admin, slug);
        expect(second.status).to.equal(400);
        expect(second.body.Errors[0]).to.include({ code: 'V_06', property: 'slug' });
      });

      it('with one key and another body is refused (422) and appends nothing', async () => {
        const key = randomUUID();
        expect((await create(admin, nextSlug(), key)).status).to.equal(200);
        const before = await head();
        const other = await create(admin, nextSlug(), key);
        expect(other.status).to.equal(422);
        expect(other.body.Errors[0]).to.include({ code: 'V_07', property: 'Idempotency-Key', model: 'page' });
        expect(await head()).to.equal(before);
      });
    });

    it('refuses a key that is not 1-128 letters, digits, _ . : - (400 V_12) before doing anything', async () => {
      const before = await head();
      for (const bad of ['', 'ä', 'a b', 'a/b', 'x'.repeat(129)]) {
        const reply = await admin.post('/page/create', createBody(nextSlug()), keyed(bad));
        expect(reply.status, JSON.stringify(bad)).to.equal(400);
        expect(reply.body.Errors[0]).to.include({ code: 'V_12', property: 'Idempotency-Key' });
      }
      expect(await head()).to.equal(before);
      const ok = await admin.post('/page/create', createBody(nextSlug()), keyed(`a_b.c:${'d'.repeat(120)}-1`));
      expect(ok.status).to.equal(200);
    });

    describe('a create whose answer was lost after its page was written (the client saw 503)', () => {
      it('answers its page and position to the retry with its key, and the log holds its events once', async () => {
        const key = randomUUID();
        const slug = nextSlug();
        store.loseAnswers((stream) => stream.startsWith('page-'));
        const lost = await create(admin, slug, key);
        expect(lost.status).to.equal(503);
        store.clear();
        const before = await head();
        const retry = await create(admin, slug, key);
        expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
        expect(await head()).to.equal(before, 'the retry appends nothing');
        const page = await app.stores.eventStore.readStream(pageStream(retry.body.data.pageID));
        expect(page.map((e) => e.type)).to.deep.equal(['PageCreated']);
        expect(retry.body.data).to.include({ pageVersionID: (page[0]!.data as { versionId: string }).versionId, revision: 1, position: page[0]!.position });
        const claims = await app.stores.eventStore.readStream(slugStream('nl-nl', slug));
        expect(claims.map((e) => e.type)).to.deep.equal(['SlugClaimed']);
        // From now on the stored answer.
        const again = await create(admin, slug, key);
        expect(again.body).to.deep.equal(retry.body);
        expect(again.headers.get('idempotent-replayed')).to.equal('true');
      });

      it('without a key the retry cannot learn the page: the slug is taken by it (V_06)', async () => {
        const slug = nextSlug();
        store.loseAnswers((stream) => stream.startsWith('page-'));
        expect((await create(admin, slug)).status).to.equal(503);
        store.clear();
        const retry = await create(admin, slug);
        expect(retry.status).to.equal(400);
        expect(retry.body.Errors[0]).to.include({ code: 'V_06', property: 'slug' });
      });

      it('claims the slug again when the failed attempt gave it back, and creates the page once', async () => {
        const key = randomUUID();
        const slug = nextSlug();
        // The page cannot be written: the create gives its claims back and answers 503.
        store.failAppends((stream) => stream.startsWith('page-'));
        expect((await create(admin, slug, key)).status).to.equal(503);
        store.clear();
        // The claim goes back right after the answer (the store was in trouble: not before it).
        const deadline = Date.now() + 5_000;
        while ((await app.stores.eventStore.readStream(slugStream('nl-nl', slug))).length < 2 && Date.now() < deadline) await sleep(50);
        const retry = await create(admin, slug, key);
        expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
        const claims = await app.stores.eventStore.readStream(slugStream('nl-nl', slug));
        expect(claims.map((e) => e.type)).to.deep.equal(['SlugClaimed', 'SlugReleased', 'SlugClaimed']);
        // The slug is the page's: another create cannot take it.
        const other = await create(admin, slug);
        expect(other.body.Errors[0]).to.include({ code: 'V_06', property: 'slug' });
      });

      it("keeps the claim its retry made when the failed attempt's give-back arrives late", async () => {
        const key = randomUUID();
        const slug = nextSlug();
        // The first page append fails; the give-back of the slug that follows is held up.
        let pageFailed = false;
        store.failAppends((stream) => {
          if (!stream.startsWith('page-') || pageFailed) return false;
          pageFailed = true;
          return true;
        });
        const late = store.holdAppend((stream) => pageFailed && stream.startsWith('slug-'));
        expect((await create(admin, slug, key)).status).to.equal(503);
        await late.reached;
        const retry = await create(admin, slug, key);
        expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
        late.release();
        await sleep(300);
        const claims = await app.stores.eventStore.readStream(slugStream('nl-nl', slug));
        expect(claims.map((e) => e.type)).to.deep.equal(['SlugClaimed', 'SlugClaimed']);
        const other = await create(admin, slug);
        expect(other.body.Errors?.[0]).to.include({ code: 'V_06', property: 'slug' });
      });
    });

    describe('a store retried late, after another editor saved', () => {
      async function pageWithTwoEditors() {
        const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: `ed${++seq}@pagelog.test`, role: 'editor' });
        const created = await create(admin, nextSlug());
        const { pageID, pageVersionID, revision } = created.body.data;
        const store0 = (blocks: unknown[], rev: number) => ({ pageID, revision: rev, title: 'Nieuws', blocks, ...seo });
        return { editor: editor.client, pageID: pageID as string, versionID: pageVersionID as string, revision: revision as number, body: store0 };
      }

      it('answers its original result and leaves the other editor’s later save in place', async () => {
        const { editor, pageID, versionID, revision, body } = await pageWithTwoEditors();
        const key = randomUUID();
        const mine = body([heading('h', 'Mijn kop')], revision);
        const first = await admin.post(`/page/version/${versionID}/store`, mine, keyed(key));
        expect(first.status).to.equal(200);
        const theirs = await editor.post(`/page/version/${versionID}/store`, body([heading('h', 'Hun kop')], first.body.data.revision));
        expect(theirs.status).to.equal(200);
        const before = await app.stores.eventStore.readStream(pageStream(pageID));
        const late = await admin.post(`/page/version/${versionID}/store`, mine, keyed(key));
        expect(late.status).to.equal(200);
        expect(late.body).to.deep.equal(first.body);
        expect(late.body.data).to.include({ merged: false });
        expect(await app.stores.eventStore.readStream(pageStream(pageID))).to.deep.equal(before);
      });

      it('answers its original result from the log when its own answer was lost', async () => {
        const { editor, pageID, versionID, revision, body } = await pageWithTwoEditors();
        const key = randomUUID();
        const mine = body([heading('h', 'Mijn kop')], revision);
        store.loseAnswers((stream) => stream === pageStream(pageID));
        expect((await admin.post(`/page/version/${versionID}/store`, mine, keyed(key))).status).to.equal(503);
        store.clear();
        const written = (await app.stores.eventStore.readStream(pageStream(pageID))).at(-1)!;
        const theirs = await editor.post(`/page/version/${versionID}/store`, body([heading('h', 'Hun kop')], written.revision));
        expect(theirs.status).to.equal(200);
        const before = await app.stores.eventStore.readStream(pageStream(pageID));
        const late = await admin.post(`/page/version/${versionID}/store`, mine, keyed(key));
        expect(late.status).to.equal(200);
        expect(late.body.data).to.include({ revision: written.revision, position: written.position, merged: false });
        expect(await app.stores.eventStore.readStream(pageStream(pageID))).to.deep.equal(before);
      });

      it('without a key is decided again on the newer version, not answered as before', async () => {
        const { editor, versionID, revision, body } = await pageWithTwoEditors();
        const mine = body([heading('h', 'Mijn kop'), heading('k', 'Tweede')], revision);
        const first = await admin.post(`/page/version/${versionID}/store`, mine);
        await editor.post(`/page/version/${versionID}/store`, body([heading('h', 'Hun kop'), heading('k', 'Tweede')], first.body.data.revision));
        const late = await admin.post(`/page/version/${versionID}/store`, mine);
        expect(late.headers.get('idempotent-replayed')).to.equal(null);
        expect(late.body).to.not.deep.equal(first.body);
      });
    });

    describe('two requests with one key at once', () => {
      it('answers 409 with Retry-After to the second while the first works, then the first’s result', async () => {
        const key = randomUUID();
        const slug = nextSlug();
        const { reached: held, release: letGo } = store.holdAppends((stream) => stream.startsWith('page-'));
        const first = create(admin, slug, key);
        await held;
        const second = await create(admin, slug, key);
        expect(second.status).to.equal(409);
        expect(second.body.Errors[0]).to.include({ code: 'V_07', property: 'Idempotency-Key' });
        expect(Number(second.headers.get('retry-after'))).to.be.within(1, 5);
        letGo();
        const done = await first;
        expect(done.status).to.equal(200);
        const retry = await create(admin, slug, key);
        expect(retry.body).to.deep.equal(done.body);
        expect((await app.stores.eventStore.readStream(slugStream('nl-nl', slug))).length).to.equal(1);
      });
    });

    describe('a first request that outlives its lease (its process died)', () => {
      it('is taken over by its retry, and the two write the page once', async () => {
        const key = randomUUID();
        const slug = nextSlug();
        const { reached: held, release: letGo } = store.holdAppends((stream) => stream.startsWith('page-'));
        const first = create(admin, slug, key);
        await held;
        expect((await create(admin, slug, key)).status).to.equal(409);
        ahead = 61_000;
        const second = create(admin, slug, key);
        // The retry runs as the same command: it reaches the held page append too.
        await new Promise((resolve) => setTimeout(resolve, 300));
        letGo();
        const [a, b] = await Promise.all([first, second]);
        expect([a.status, b.status]).to.deep.equal([200, 200]);
        expect(b.body.data).to.deep.equal(a.body.data);
        const page = await app.stores.eventStore.readStream(pageStream(a.body.data.pageID));
        expect(page.map((e) => e.type)).to.deep.equal(['PageCreated']);
        // Each run claimed the slug for the page (a run whose claim is not in use yet claims
        // afresh), and nothing gave it back: it is the page's.
        const claims = await app.stores.eventStore.readStream(slugStream('nl-nl', slug));
        expect(new Set(claims.map((e) => `${e.type} ${(e.data as { pageId: string }).pageId}`))).to.deep.equal(new Set([`SlugClaimed ${a.body.data.pageID}`]));
        expect((await create(admin, slug)).body.Errors?.[0]).to.include({ code: 'V_06', property: 'slug' });
      });
    });

    describe('a release publication (one append over several streams)', () => {
      /** A release of one new page with a stored draft (a heading and a library image, whose bytes the publication checks), ready to publish. */
      async function readyRelease(): Promise<{ releaseID: string; pageID: string }> {
        const created = (await admin.post('/page/create', createBody(nextSlug(), 'Voorjaar'))).body.data as { pageID: string };
        const page = (await admin.get(`/page/${created.pageID}`)).body.data as { draftVersionID: string; revision: number };
        const blob = await app.auth.blobs.put(Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')]), { contentType: 'image/svg+xml' });
        const image = { type: 'image', key: 'b', anchorPoint: '', props: { externalUrl: '', alt: 'Beeld', caption: '' }, __images: [{ hash: blob.key, fileName: 'b.svg', altText: 'Beeld', fileID: 'f1' }] };
        const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID: created.pageID, revision: page.revision, title: 'Voorjaar', blocks: [heading('kop', 'Voorjaar'), image], ...seo });
        expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
        const releaseID = (await admin.post('/release/create', { name: 'Voorjaar' })).body.data.releaseID as string;
        expect((await admin.post(`/release/${releaseID}/add-page`, { pageID: created.pageID })).status).to.equal(200);
        return { releaseID, pageID: created.pageID };
      }

      it('whose answer was lost is answered to its retry with its key, and publishes once', async () => {
        const { releaseID, pageID } = await readyRelease();
        const key = randomUUID();
        store.loseAnswers((stream) => stream.startsWith('release-'));
        const lost = await admin.post(`/release/${releaseID}/publish`, {}, keyed(key));
        expect(lost.status).to.equal(503);
        store.clear();
        const before = await head();
        const retry = await admin.post(`/release/${releaseID}/publish`, {}, keyed(key));
        expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
        expect(await head()).to.equal(before, 'the retry appends nothing');
        const events = await app.stores.eventStore.readStream(`release-${releaseID}`);
        expect(events.map((e) => e.type)).to.deep.equal(['ReleaseCreated', 'ReleasePageAdded', 'ReleasePublished']);
        expect(retry.body.data).to.include({ releaseID, position: events[2]!.position, revision: 3 });
        expect((await app.stores.eventStore.readStream(pageStream(pageID))).filter((e) => e.type === 'PagePublished')).to.have.length(1);
        // Without its key, a second publication is refused: the release is published already.
        expect((await admin.post(`/release/${releaseID}/publish`, {})).body.Errors[0]).to.include({ code: 'V_07', property: 'status' });
      });

      it('decides again when a page changes between its reading and its writing, and then publishes nothing unseen', async () => {
        const { releaseID, pageID } = await readyRelease();
        const { reached, release: letGo } = store.holdAppend((stream) => stream.startsWith('release-'));
        const publishing = admin.post(`/release/${releaseID}/publish`, {});
        await reached;
        // An editor stores the draft again while the publication waits to write.
        const page = (await admin.get(`/page/${pageID}`)).body.data as { draftVersionID: string; revision: number };
        const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title: 'Voorjaar, herzien', blocks: [heading('kop', 'Voorjaar, herzien')], ...seo });
        expect(stored.status).to.equal(200);
        letGo();
        const refused = await publishing;
        expect(refused.status).to.equal(400);
        expect(refused.body.Errors[0]).to.include({ code: 'V_07', property: 'items[0].pageID', model: 'release' });
        expect((await app.stores.eventStore.readStream(pageStream(pageID))).map((e) => e.type)).to.not.include('PagePublished');
        expect((await app.stores.eventStore.readStream(`release-${releaseID}`)).map((e) => e.type)).to.not.include('ReleasePublished');
      });
    });

    it('keeps the keys of different users apart', async () => {
      const editor = await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eva@pagelog.test', role: 'editor' });
      const key = 'same-key-for-both';
      const mine = await create(admin, nextSlug(), key);
      const theirs = await create(editor.client, nextSlug(), key);
      expect([mine.status, theirs.status]).to.deep.equal([200, 200]);
      expect(theirs.body.data.pageID).to.not.equal(mine.body.data.pageID);
      expect(theirs.headers.get('idempotent-replayed')).to.equal(null);
    });

    describe('an upload', () => {
      const form = (bytes: Buffer) => {
        const data = new FormData();
        data.append('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
        return data;
      };
      const png = (background: string) => sharp({ create: { width: 32, height: 32, channels: 3, background } }).png().toBuffer();

      it('sent again with its key is answered as before; with other bytes it is refused (422)', async () => {
        const me = (await admin.get('/user')).body.data.ID;
        const key = randomUUID();
        const bytes = await png('#c33');
        const first = await admin.call('PUT', `/user/${me}/image`, form(bytes), keyed(key));
        expect(first.status, JSON.stringify(first.body)).to.equal(200);
        const before = await head();
        const again = await admin.call('PUT', `/user/${me}/image`, form(bytes), keyed(key));
        expect(again.status).to.equal(200);
        expect(again.body).to.deep.equal(first.body);
        expect(await head()).to.equal(before);
        const other = await admin.call('PUT', `/user/${me}/image`, form(await png('#36c')), keyed(key));
        expect(other.status).to.equal(422);
      });

      it('whose answer was lost keeps its image when retried with its key', async () => {
        const me = (await admin.get('/user')).body.data.ID;
        const key = randomUUID();
        store.loseAnswers((stream) => stream.startsWith('user-'));
        expect((await admin.call('PUT', `/user/${me}/image`, form(await png('#3c3')), keyed(key))).status).to.equal(503);
        store.clear();
        const retry = await admin.call('PUT', `/user/${me}/image`, form(await png('#3c3')), keyed(key));
        expect(retry.status, JSON.stringify(retry.body)).to.equal(200);
        const served = await fetch(`${app.url}${retry.body.data.image}`, { headers: { Cookie: admin.cookie! } });
        expect(served.status).to.equal(200);
      });
    });
  });
}
