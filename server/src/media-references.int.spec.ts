import { expect } from 'chai';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import { pageFileUrl } from '@pagelog/contracts/media/media-urls';
import { ApiClient, type ApiReply } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser } from './test-kit/users';

const HOUR = 60 * 60 * 1000;
const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`);
const errors = (reply: ApiReply) => reply.body.Errors.map((e: { code: string; property: string }) => `${e.code} ${e.property}`);

type Item = { id: string; hash: string; fileName: string };
const imageBlock = (key: string, image: Item) => ({
  type: 'image',
  key,
  anchorPoint: '',
  props: { externalUrl: '', alt: '', caption: '' },
  __images: [{ hash: image.hash, fileName: image.fileName, altText: 'Een foto', fileID: image.id }],
});
const downloadsBlock = (key: string, file: Item) => ({ type: 'downloads', key, anchorPoint: '', props: { title: '' }, __files: [{ hash: file.hash, fileName: file.fileName }] });
const heading = (key: string) => ({ type: 'heading', key, props: { text: 'Kop', level: 2 }, anchorPoint: '' });

/** Waits for the reactors' work: generous, as a full run on 2 cores can keep them waiting; no speed check. */
async function until(check: () => Promise<boolean>, what: string, ms = 40_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what}: not reached in time`);
}

/**
 * Pages and the bytes they name (review finding M2): a version whose images, files or SEO image
 * name bytes the blob store lacks is neither stored nor published, and the bytes of a deleted
 * file stay through a grace period, so an editor who picked it before the delete can still save.
 */
for (const kind of storeKinds()) {
  describe(`pages and the media bytes they name (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let editor: ApiClient;
    let now = Date.now();
    let colour = 0;
    let seq = 0;

    before(async () => {
      app = await startTestPagelog(kind, { clock: () => now });
      admin = await ApiClient.loggedIn(app.url);
      editor = (await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'eddie@pagelog.test', role: 'editor' })).client;
      ApiClient.sharePositions(admin, editor);
    });
    after(async () => {
      await app?.stop();
    });

    async function ok(reply: Promise<ApiReply>): Promise<ApiReply> {
      const answer = await reply;
      expect(answer.status, JSON.stringify(answer.body.Errors)).to.equal(200);
      return answer;
    }
    async function upload(bytes: Buffer, name: string): Promise<Item> {
      const form = new FormData();
      form.append('path', '/');
      form.append('f', new Blob([new Uint8Array(bytes)]), name);
      return (await ok(admin.post('/medialib/add-file', form))).body.data.item;
    }
    /** A JPEG of its own colour, so no two uploads hold the same bytes. */
    const jpeg = () => {
      colour += 1;
      return sharp({ create: { width: 16, height: 12, channels: 3, background: { r: colour * 30, g: 90, b: 200 } } }).jpeg().toBuffer();
    };
    async function newPage(who = admin) {
      seq += 1;
      const created = (await ok(who.post('/page/create', { title: `Pagina ${seq}`, slug: `bytes-${seq}`, type: 'article', locale: 'nl-nl', content: '', typeData: {} }))).body.data;
      return { pageID: created.pageID as string, versionID: created.pageVersionID as string, revision: created.revision as number };
    }
    const store = (page: { pageID: string; versionID: string; revision: number }, blocks: unknown[], seoImage: unknown[] = [], who = admin, action = 'store') =>
      who.post(`/page/version/${page.versionID}/${action}`, { pageID: page.pageID, revision: page.revision, title: 'Met media', blocks, ...seo, seoImage });
    const present = async (hash: string) => (await app.auth.blobs.stat(hash)) !== null;

    describe('storing a version', () => {
      it('refuses block images, block files and an SEO image whose bytes are not there, naming each, and stores nothing', async () => {
        const photo = await upload(await jpeg(), 'strand.jpg');
        const report = await upload(pdf('jaarverslag'), 'verslag.pdf');
        const page = await newPage();
        const nowhere = { id: photo.id, hash: 'f'.repeat(64), fileName: 'weg.jpg' };
        const refused = await store(page, [heading('kop'), imageBlock('foto', photo), imageBlock('weg', nowhere), downloadsBlock('stukken', { ...report, hash: 'e'.repeat(64) })], [
          { hash: 'd'.repeat(64), fileName: 'seo.jpg', altText: '', fileID: photo.id },
        ]);
        expect(refused.status).to.equal(400);
        expect(errors(refused)).to.deep.equal(['V_12 blocks[2].__images[0].hash', 'V_12 blocks[3].__files[0].hash', 'V_12 seoImage[0].hash']);
        expect(refused.body.Errors[0].model).to.equal('pageVersion');
        expect((await ok(admin.get(`/page/${page.pageID}`))).body.data.revision).to.equal(page.revision);

        // The same with bytes that are there is stored.
        await ok(store(page, [imageBlock('foto', photo), downloadsBlock('stukken', report)], [{ hash: photo.hash, fileName: 'seo.jpg', altText: '', fileID: photo.id }]));
      });

      it('refuses store-and-publish with bytes that are not there, and publishes nothing', async () => {
        const page = await newPage();
        const nowhere = { id: 'x', hash: 'c'.repeat(64), fileName: 'weg.jpg' };
        const refused = await store(page, [imageBlock('weg', nowhere)], [], admin, 'store-and-publish');
        expect([refused.status, errors(refused)]).to.deep.equal([400, ['V_12 blocks[0].__images[0].hash']]);
        expect((await ok(admin.get(`/page/${page.pageID}`))).body.data.status).to.equal('concept');
      });
    });

    describe('publishing a stored version whose bytes are gone', () => {
      it('refuses publish, store-and-publish of the same blocks and accepting a request, so the site never shows a missing image', async () => {
        const bytes = await jpeg();
        const photo = await upload(bytes, 'verdwijnt.jpg');
        const page = await newPage(editor);
        await ok(store(page, [heading('kop'), imageBlock('foto', photo)], [], editor));
        // The bytes are lost behind the library's back (a disk restored from an older backup, say).
        await app.auth.blobs.delete(photo.hash);

        const published = await admin.post(`/page/${page.pageID}/publish`, {});
        expect([published.status, errors(published)]).to.deep.equal([400, ['V_12 blocks[1].__images[0].hash']]);
        const again = await store(page, [heading('kop'), imageBlock('foto', photo)], [], admin, 'store-and-publish');
        expect([again.status, errors(again)]).to.deep.equal([400, ['V_12 blocks[1].__images[0].hash']]);

        await ok(editor.post(`/page/${page.pageID}/request-publication`, { comment: 'Graag' }));
        const accepted = await admin.post(`/page/version/${page.versionID}/accept-publication`, { feedback: 'Goed' });
        expect([accepted.status, errors(accepted)]).to.deep.equal([400, ['V_12 blocks[1].__images[0].hash']]);
        const after = (await ok(admin.get(`/page/${page.pageID}`))).body.data;
        expect([after.status, after.hasPublicationRequest]).to.deep.equal(['concept', true]);

        // With the bytes back, the request can be accepted.
        await app.auth.blobs.put([bytes], { contentType: 'image/jpeg' });
        await ok(admin.post(`/page/version/${page.versionID}/accept-publication`, { feedback: 'Goed' }));
      });
    });

    describe('a file deleted while an editor has it picked', () => {
      it('keeps its bytes through the grace, so the save and the publish that follow work and the page shows it for good', async () => {
        const picked = await upload(await jpeg(), 'gekozen.jpg');
        const late = await upload(await jpeg(), 'te-laat.jpg');
        const unused = await upload(pdf('niemand'), 'niemand.pdf');
        // The editor has `picked` in a draft not saved yet; someone deletes all three (no page uses them yet).
        for (const item of [picked, late, unused]) await ok(admin.post('/medialib/delete-file', { id: item.id }));

        now += HOUR / 2;
        const page = await newPage();
        await ok(store(page, [imageBlock('foto', picked)]));
        await ok(admin.post(`/page/${page.pageID}/publish`, {}));

        // A day later the clean-up has deleted what nothing uses, and kept what the page uses.
        now += 24 * HOUR;
        admin = await ApiClient.loggedIn(app.url);
        // Any write wakes the projector at once (idle, it looks at the log every few seconds).
        await ok(admin.post('/medialib/create-dir', { path: '/', folderName: 'Later' }));
        await until(async () => !(await present(unused.hash)), 'the unused file’s bytes deleted');
        await until(async () => !(await present(late.hash)), 'the bytes of the file nobody saved deleted');
        expect(await present(picked.hash)).to.equal(true);
        const shown = await fetch(`${app.url}${pageFileUrl(page.pageID, 'block_images_foto', picked.hash, 'gekozen.jpg')}`, { headers: { [MIN_POSITION_HEADER]: String(admin.lastPosition) } });
        expect(shown.status).to.equal(200);

        // Saving the one nobody saved in time is refused now, rather than showing a broken image.
        const tooLate = await store(await newPage(), [imageBlock('foto', late)]);
        expect([tooLate.status, errors(tooLate)]).to.deep.equal([400, ['V_12 blocks[0].__images[0].hash']]);
      });
    });

  });
}
