import { expect } from 'chai';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import type { FocalPoint } from '@pagelog/contracts/media/media';
import { cropTag, pageFileUrl, sharedFileUrl } from '@pagelog/contracts/media/media-urls';
import { seoImageUrl } from '@pagelog/site-web/server/build-head';
import { meanAbsoluteDifference } from '@pagelog/storage/media/test-images';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';

/** 1200 × 400, grey, with a red patch near the left edge and a blue one near the right. */
const WIDTH = 1200;
const HEIGHT = 400;
const red = { left: 40, top: 150, size: 100 };
const blue = { left: 1060, top: 150, size: 100 };
/** The patches' centres as focal points (fractions of the image). */
const onRed: FocalPoint = { x: (red.left + red.size / 2) / WIDTH, y: 0.5 };
const onBlue: FocalPoint = { x: (blue.left + blue.size / 2) / WIDTH, y: 0.5 };

async function wideImage(): Promise<Buffer> {
  const patch = (r: number, g: number, b: number) => sharp({ create: { width: 100, height: 100, channels: 3, background: { r, g, b } } }).png().toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite([
      { input: await patch(220, 20, 20), left: red.left, top: red.top },
      { input: await patch(20, 20, 220), left: blue.left, top: blue.top },
    ])
    .png()
    .toBuffer();
}

interface FileReply {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * Automatic crops through HTTP: `ar` on get-page-file and the shared file's address crops an
 * image without a crop of its own to that aspect ratio around the focal point (the use's, else
 * the library item's, else the centre); the version tag names the ratio and the point, so a
 * moved point is never served from a cache that holds the old crop. On each store.
 */
for (const kind of storeKinds()) {
  describe(`automatic crops around the focal point (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let source: Buffer;
    let item: { id: string; hash: string; fileName: string };

    async function get(path: string): Promise<FileReply> {
      const response = await fetch(`${app.url}${path}`, { headers: { [MIN_POSITION_HEADER]: String(admin.lastPosition) } });
      return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    /** Sets (or with null, clears) the item's focal point, as the admin's details panel does: nothing else sent. */
    async function setFocalPoint(focalPoint: FocalPoint | null): Promise<void> {
      const reply = await admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: item.fileName, focalPoint });
      expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
      expect(reply.body.data.focalPoint).to.deep.equal(focalPoint);
    }

    const seoImage = (extra: Record<string, unknown> = {}) => [{ hash: item.hash, fileName: item.fileName, altText: 'Vlakken', fileID: item.id, width: WIDTH, height: HEIGHT, ...extra }];

    async function publishPage(slug: string, content: { seoImage?: unknown[]; blocks?: unknown[] }): Promise<string> {
      const created = await admin.post('/page/create', { title: slug, slug, type: 'article', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      const { pageID, pageVersionID, revision } = created.body.data;
      await storeAndPublish(pageID, pageVersionID, revision, content);
      return pageID;
    }

    async function storeAndPublish(pageID: string, versionID: string, revision: number, content: { seoImage?: unknown[]; blocks?: unknown[] }): Promise<void> {
      const stored = await admin.post(`/page/version/${versionID}/store`, { pageID, revision, title: 'vlakken', blocks: content.blocks ?? [], seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: content.seoImage ?? [] });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
      const published = await admin.post(`/page/${pageID}/publish`, {});
      expect(published.status, JSON.stringify(published.body.Errors)).to.equal(200);
    }

    /** How far an answer is from the source's full-height region `width` wide from `left` (0: the same pixels). */
    const differenceFrom = (reply: FileReply, region: { left: number; width: number }) => meanAbsoluteDifference(reply.bytes, sharp(source).extract({ ...region, top: 0, height: HEIGHT }));

    /** The colour of the answer's pixel at (x, y). */
    async function colourAt(reply: FileReply, x: number, y: number): Promise<[number, number, number]> {
      const { data, info } = await sharp(reply.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const i = (y * info.width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    }

    before(async () => {
      app = await startTestPagelog(kind);
      admin = await ApiClient.loggedIn(app.url);
      source = await wideImage();
      const form = new FormData();
      form.append('path', '/');
      form.append('f', new Blob([new Uint8Array(source)]), 'vlakken.png');
      const reply = await admin.post('/medialib/add-file', form);
      expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
      const { id, hash, fileName } = reply.body.data.item;
      item = { id, hash, fileName };
    });
    after(async () => {
      await app?.stop();
    });

    describe('a use that keeps a focal point of its own (as the picker copies it)', () => {
      it('is cropped square with ar=1 around it, cached for good under the tag that names it', async () => {
        const page = await publishPage(`eigen-punt-${kind}`, { seoImage: seoImage({ focalPoint: onRed }) });
        const v = cropTag(null, { ar: 1, focalPoint: onRed });
        const reply = await get(pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1, v }));
        expect([reply.status, reply.headers.get('cache-control')]).to.deep.equal([200, IMMUTABLE]);
        const meta = await sharp(reply.bytes).metadata();
        expect([meta.width, meta.height]).to.deep.equal([HEIGHT, HEIGHT]);
        // The red patch is near the left edge: the square is the image's left end, patch included.
        expect(await differenceFrom(reply, { left: 0, width: HEIGHT })).to.be.below(1);
        expect(await colourAt(reply, red.left + 50, red.top + 50)).to.deep.equal([220, 20, 20]);
        // Another tag (the centre's, none) is answered, but only for a while.
        for (const other of [cropTag(null, { ar: 1, focalPoint: null }), undefined]) {
          const untagged = await get(pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1, v: other }));
          expect([untagged.status, untagged.headers.get('cache-control')]).to.deep.equal([200, SHORT]);
        }
      });

      it('is what the site’s og:image address asks for: 1.91:1 at 1200 wide around the point, cached for good', async () => {
        const image = seoImage({ focalPoint: onRed })[0]!;
        const page = await publishPage(`og-beeld-${kind}`, { seoImage: [image] });
        const address = new URL(seoImageUrl(page, image, 'https://www.example.test'));
        const reply = await get(address.pathname + address.search);
        expect([reply.status, reply.headers.get('content-type'), reply.headers.get('cache-control')]).to.deep.equal([200, 'image/jpeg', IMMUTABLE]);
        const meta = await sharp(reply.bytes).metadata();
        // The image is 1200 wide, so 1200 is the widest rendition asked; 1.91:1 is 764 × 400 of it, never enlarged.
        expect([address.searchParams.get('w'), meta.width, meta.height]).to.deep.equal(['1200', 764, HEIGHT]);
        expect(await differenceFrom(reply, { left: 0, width: 764 })).to.be.below(6);
      });

      it('gets a new tag and a new crop when the page is republished with the point moved', async () => {
        const page = await publishPage(`verplaatst-${kind}`, { seoImage: seoImage({ focalPoint: onRed }) });
        const before = cropTag(null, { ar: 1, focalPoint: onRed });
        expect((await get(pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1, v: before }))).headers.get('cache-control')).to.equal(IMMUTABLE);
        const { draftVersionID, revision } = (await admin.get(`/page/${page}`)).body.data;
        await storeAndPublish(page, draftVersionID, revision, { seoImage: seoImage({ focalPoint: onBlue }) });
        const after = cropTag(null, { ar: 1, focalPoint: onBlue });
        expect(after).to.not.equal(before);
        const moved = await get(pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1, v: after }));
        expect([moved.status, moved.headers.get('cache-control')]).to.deep.equal([200, IMMUTABLE]);
        expect(await differenceFrom(moved, { left: WIDTH - HEIGHT, width: HEIGHT })).to.be.below(1);
        expect(await colourAt(moved, blue.left + 50 - (WIDTH - HEIGHT), blue.top + 50)).to.deep.equal([20, 20, 220]);
        // The old address now shows the new crop, and no longer for good.
        const old = await get(pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1, v: before }));
        expect(old.headers.get('cache-control')).to.equal(SHORT);
        expect(await differenceFrom(old, { left: WIDTH - HEIGHT, width: HEIGHT })).to.be.below(1);
      });
    });

    describe('a use without a focal point of its own', () => {
      it('follows the library item’s focal point, never cached for good since the site cannot name it', async () => {
        await setFocalPoint(onRed);
        const page = await publishPage(`volgt-item-${kind}`, { seoImage: seoImage() });
        const url = (v?: string) => pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1, v });
        const onTheRed = await get(url(cropTag(null, { ar: 1, focalPoint: null })));
        expect([onTheRed.status, onTheRed.headers.get('cache-control')]).to.deep.equal([200, SHORT]);
        expect(await differenceFrom(onTheRed, { left: 0, width: HEIGHT })).to.be.below(1);
        expect((await get(url(cropTag(null, { ar: 1, focalPoint: onRed })))).headers.get('cache-control')).to.equal(SHORT);

        await setFocalPoint(onBlue);
        const onTheBlue = await get(url());
        expect(await differenceFrom(onTheBlue, { left: WIDTH - HEIGHT, width: HEIGHT })).to.be.below(1);

        await setFocalPoint(null);
        const centred = await get(url());
        expect(await differenceFrom(centred, { left: (WIDTH - HEIGHT) / 2, width: HEIGHT })).to.be.below(1);
      });

      it('is the whole image without ar, and 16:9 keeps the full height', async () => {
        await setFocalPoint(onRed);
        const page = await publishPage(`breedbeeld-${kind}`, { seoImage: seoImage() });
        const whole = await get(pageFileUrl(page, 'seo_image', item.hash, item.fileName));
        expect(whole.bytes.equals(source)).to.equal(true);
        const wide = await get(`${pageFileUrl(page, 'seo_image', item.hash, item.fileName)}?ar=16:9`);
        const meta = await sharp(wide.bytes).metadata();
        expect([wide.status, meta.width, meta.height]).to.deep.equal([200, 712, HEIGHT]);
        expect(await differenceFrom(wide, { left: 0, width: 712 })).to.be.below(1);
      });
    });

    describe('what else an address may ask', () => {
      it('lets a use’s own crop win: ar is then ignored, and the tag is the crop’s', async () => {
        const crop = { x: 500, y: 100, width: 300, height: 200, rotate: 0, scaleX: 1, scaleY: 1 };
        const image = { hash: item.hash, fileName: item.fileName, altText: '', fileID: item.id, cropParams: crop, focalPoint: onRed, width: 300, height: 200 };
        const page = await publishPage(`eigen-crop-${kind}`, { blocks: [{ type: 'image', key: 'foto', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image] }] });
        const reply = await get(pageFileUrl(page, 'block_images_foto', item.hash, item.fileName, { ar: 1, v: cropTag(crop) }));
        expect([reply.status, reply.headers.get('cache-control')]).to.deep.equal([200, IMMUTABLE]);
        expect(await meanAbsoluteDifference(reply.bytes, sharp(source).extract({ left: 500, top: 100, width: 300, height: 200 }))).to.be.below(1);
      });

      it('refuses an aspect ratio that is not one or lies outside 0.2..5 (400, V_12 on ar)', async () => {
        const page = await publishPage(`slechte-ar-${kind}`, { seoImage: seoImage() });
        const base = pageFileUrl(page, 'seo_image', item.hash, item.fileName);
        for (const ar of ['6', '0.1', '16/9', '1:0', 'abc', '1e1']) {
          for (const url of [`${base}?ar=${encodeURIComponent(ar)}`, `${sharedFileUrl(item.hash, item.fileName)}?ar=${encodeURIComponent(ar)}`]) {
            const reply = await get(url);
            expect(reply.status, url).to.equal(400);
            expect(JSON.parse(reply.bytes.toString()).Errors[0]).to.include({ code: 'V_12', property: 'ar' });
          }
        }
      });

      it('crops a shared item’s own address around its focal point', async () => {
        await setFocalPoint(onBlue);
        const share = await admin.post('/medialib/edit-file', { id: item.id, newPath: '/', newFileName: item.fileName, shared: true });
        expect(share.status).to.equal(200);
        const reply = await get(sharedFileUrl(item.hash, item.fileName, { ar: 1, w: 320, fm: 'png' }));
        expect([reply.status, reply.headers.get('cache-control')]).to.deep.equal([200, SHORT]);
        const reference = sharp(source).extract({ left: WIDTH - HEIGHT, top: 0, width: HEIGHT, height: HEIGHT }).resize({ width: 320 });
        expect(await meanAbsoluteDifference(reply.bytes, reference)).to.be.below(2);
      });
    });

    describe('once the item is deleted', () => {
      it('crops a use that followed it around the centre', async () => {
        await setFocalPoint(onRed);
        const page = await publishPage(`verwijderd-${kind}`, { seoImage: seoImage() });
        const url = pageFileUrl(page, 'seo_image', item.hash, item.fileName, { ar: 1 });
        expect(await differenceFrom(await get(url), { left: 0, width: HEIGHT })).to.be.below(1);
        expect((await admin.post('/medialib/delete-file', { id: item.id })).status).to.equal(200);
        const centred = await get(url);
        expect(centred.status).to.equal(200);
        expect(await differenceFrom(centred, { left: (WIDTH - HEIGHT) / 2, width: HEIGHT })).to.be.below(1);
      });
    });
  });
}
