import { expect } from 'chai';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import { cropTag, pageFileUrl, previewCropUrl, previewImageUrl, sharedFileUrl } from '@pagelog/contracts/media/media-urls';
import { renditionParams, renditionsOf } from '@pagelog/storage/media/image-renditions';
import { meanAbsoluteDifference, patternImage } from '@pagelog/storage/media/test-images';
import { ApiClient } from './test-kit/api-client';
import { startTestPagelog, storeKinds, type TestPagelog } from './test-kit/start-test-pagelog';

const crop = { x: 100, y: 50, width: 400, height: 300, rotate: 0, scaleX: 1, scaleY: 1 };
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c00"/></svg>';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`);
const SVG_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

interface FileReply {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in time');
}

/**
 * The media files through HTTP (spec section 7): what pages use (get-page-file), shared items'
 * own addresses, and the admin's previews; with renditions, crops, caching, ranges and the
 * SVG headers, on each store. Files are uploaded and pages published with the HTTP commands.
 */
for (const kind of storeKinds()) {
  describe(`media files through HTTP (${kind})`, function () {
    this.timeout(120_000);
    let app: TestPagelog;
    let admin: ApiClient;
    let photoBytes: Buffer;
    let photo: { id: string; hash: string };
    let logo: { id: string; hash: string };
    let report: { id: string; hash: string };
    let draftOnly: { id: string; hash: string };
    let page: string;
    let draftPage: string;

    /** A GET as a browser sends it (the admin's cookie when `session`), answering the raw bytes. */
    async function get(path: string, options: { session?: boolean; headers?: Record<string, string>; method?: string } = {}): Promise<FileReply> {
      const response = await fetch(`${app.url}${path}`, {
        method: options.method ?? 'GET',
        headers: { [MIN_POSITION_HEADER]: String(admin.lastPosition), ...(options.session && admin.cookie ? { Cookie: admin.cookie } : {}), ...options.headers },
      });
      return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    async function upload(bytes: Buffer | string, name: string): Promise<{ id: string; hash: string }> {
      const form = new FormData();
      form.append('path', '/');
      form.append('f', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : new Uint8Array(bytes)]), name);
      const reply = await admin.post('/medialib/add-file', form);
      expect(reply.status, JSON.stringify(reply.body.Errors)).to.equal(200);
      return { id: reply.body.data.item.id, hash: reply.body.data.item.hash };
    }

    const image = (file: { id: string; hash: string }, fileName: string, extra: Record<string, unknown> = {}) => ({ hash: file.hash, fileName, altText: 'Alt', fileID: file.id, ...extra });

    async function newPage(slug: string, blocks: unknown[], seoImage: unknown[], publish: boolean): Promise<string> {
      const created = await admin.post('/page/create', { title: slug, slug, type: 'article', locale: 'nl-nl', content: '', typeData: {} });
      expect(created.status, JSON.stringify(created.body.Errors)).to.equal(200);
      const { pageID, pageVersionID, revision } = created.body.data;
      const stored = await admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: slug, blocks, seoTitle: '', seoDescription: '', seoKeywords: [], seoImage });
      expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
      if (publish) expect((await admin.post(`/page/${pageID}/publish`, {})).status).to.equal(200);
      return pageID;
    }

    before(async () => {
      // No grace for the bytes of deleted files: the clean-up test below sees them go at once.
      app = await startTestPagelog(kind, { extraEnv: { PAGELOG_MEDIA_CLEANUP_GRACE_MS: '0' } });
      admin = await ApiClient.loggedIn(app.url);
      photoBytes = await patternImage(1200, 800, { format: 'jpeg' });
      photo = await upload(photoBytes, 'Strand café.jpg');
      logo = await upload(svg, 'logo.svg');
      report = await upload(pdf('jaarverslag'), 'Jaarverslag 2025.pdf');
      draftOnly = await upload(await patternImage(300, 200, { format: 'jpeg', orientation: 1 }), 'concept.jpg');
      page = await newPage(
        `bestanden-${kind}`,
        [
          { type: 'image', key: 'foto', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image(photo, 'strand.jpg', { cropParams: crop, width: 400, height: 300 })] },
          { type: 'image', key: 'logo', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image(logo, 'logo.svg')] },
          { type: 'downloads', key: 'stukken', props: { title: '' }, anchorPoint: '', __files: [{ hash: report.hash, fileName: 'Jaarverslag 2025.pdf' }] },
        ],
        [image(photo, 'strand.jpg')],
        true,
      );
      draftPage = await newPage(`concept-${kind}`, [{ type: 'image', key: 'foto', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image(draftOnly, 'concept.jpg')] }], [], false);
    });
    after(async () => {
      await app?.stop();
    });

    describe('GET get-page-file', () => {
      it('serves a block image with the use’s crop, as a rendition of a declared width and format', async () => {
        const whole = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg'));
        expect(whole.status).to.equal(200);
        expect(whole.headers.get('content-type')).to.equal('image/jpeg');
        expect(await meanAbsoluteDifference(whole.bytes, sharp(photoBytes).extract({ left: 100, top: 50, width: 400, height: 300 }))).to.be.below(8);

        const small = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 320, fm: 'webp', v: cropTag(crop) }));
        expect(small.headers.get('content-type')).to.equal('image/webp');
        const meta = await sharp(small.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).to.deep.equal(['webp', 320, 240]);
        // The crop's own width is one of the widths a srcset names.
        expect((await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 400, fm: 'avif' }))).status).to.equal(200);
      });

      it('caches an address for good only when its version tag is the use’s crop', async () => {
        const tagged = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 640, fm: 'jpeg', v: cropTag(crop) }));
        expect(tagged.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
        for (const v of [undefined, cropTag(null), 'c0ld']) {
          const other = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 640, fm: 'jpeg', v }));
          expect(other.status).to.equal(200);
          expect(other.headers.get('cache-control')).to.equal('public, max-age=300');
        }
      });

      it('answers with a strong ETag, 304 for it, inline under the library item’s name, never sniffed', async () => {
        const first = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 320, fm: 'jpeg' }));
        const etag = first.headers.get('etag')!;
        expect(etag).to.match(/^"[0-9a-f]{64}"$/);
        expect(first.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(first.headers.get('content-disposition')).to.equal(`inline; filename="Strand cafe.jpg"; filename*=UTF-8''Strand%20caf%C3%A9.jpg`);
        // Cache-Control of our own: fetch would add no-cache to a conditional request, which disables 304.
        const again = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 320, fm: 'jpeg' }), { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
        expect([again.status, again.bytes.length]).to.deep.equal([304, 0]);
      });

      it('refuses widths other than the declared ones, the original’s and the use’s (V_12)', async () => {
        const odd = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 333 }));
        expect(odd.status).to.equal(400);
        expect(JSON.parse(odd.bytes.toString()).Errors[0]).to.include({ code: 'V_12', property: 'w' });
      });

      it('answers a width past the widest rendition with 400, even one the use names as its own', async () => {
        const wide = await newPage(`breed-${kind}`, [{ type: 'image', key: 'foto', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image(photo, 'strand.jpg', { width: 9000, height: 6000 })] }], [], true);
        for (const w of [9000, 9999]) {
          const reply = await get(pageFileUrl(wide, 'block_images_foto', photo.hash, 'strand.jpg', { w, fm: 'webp' }));
          expect(reply.status, String(w)).to.equal(400);
          expect(JSON.parse(reply.bytes.toString()).Errors[0]).to.include({ code: 'V_12', property: 'w' });
        }
      });

      it('cannot be given a page whose crop no rendition can be made of (400 when it is stored)', async () => {
        const created = await admin.post('/page/create', { title: 'scheef', slug: `scheef-${kind}`, type: 'article', locale: 'nl-nl', content: '', typeData: {} });
        const { pageID, pageVersionID, revision } = created.body.data;
        const block = (cropParams: unknown) => ({ type: 'image', key: 'foto', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image(photo, 'strand.jpg', { cropParams })] });
        for (const bad of [{ ...crop, width: 0 }, { ...crop, height: -300 }, { ...crop, scaleX: 0 }, { ...crop, rotate: 1e6 }]) {
          const stored = await admin.post(`/page/version/${pageVersionID}/store`, { pageID, revision, title: 'scheef', blocks: [block(bad)], seoImage: [] });
          expect(stored.status, JSON.stringify(bad)).to.equal(400);
          expect(stored.body.Errors[0].code).to.equal('V_12');
          expect(stored.body.Errors[0].property).to.match(/cropParams\.(width|height|scaleX|rotate)$/);
        }
      });

      it('answers a signed-in caller with the use whose tag the address names: the draft’s crop privately, the published one for good', async () => {
        const draftCrop = { x: 600, y: 400, width: 300, height: 200, rotate: 0, scaleX: 1, scaleY: 1 };
        const block = (cropParams: unknown) => [{ type: 'image', key: 'foto', props: { externalUrl: '', alt: '', caption: '' }, anchorPoint: '', __images: [image(photo, 'strand.jpg', { cropParams })] }];
        const id = await newPage(`twee-crops-${kind}`, block(crop), [], true);
        const details = await admin.get(`/page/${id}`);
        const { draftVersionID, revision } = details.body.data;
        const stored = await admin.post(`/page/version/${draftVersionID}/store`, { pageID: id, revision, title: 'twee', blocks: block(draftCrop), seoImage: [] });
        expect(stored.status, JSON.stringify(stored.body.Errors)).to.equal(200);
        const url = (v?: string) => pageFileUrl(id, 'block_images_foto', photo.hash, 'strand.jpg', { w: 320, fm: 'png', v });
        const shows = async (reply: FileReply, region: { left: number; top: number; width: number; height: number }) =>
          meanAbsoluteDifference(reply.bytes, sharp(photoBytes).extract(region).resize({ width: 320, withoutEnlargement: true }));
        const draft = await get(url(cropTag(draftCrop)), { session: true });
        expect([draft.status, draft.headers.get('cache-control')]).to.deep.equal([200, 'private, max-age=300']);
        expect(await shows(draft, { left: 600, top: 400, width: 300, height: 200 })).to.be.below(8);
        const published = await get(url(cropTag(crop)), { session: true });
        expect(published.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
        expect(await shows(published, { left: 100, top: 50, width: 400, height: 300 })).to.be.below(8);
        expect((await get(url('c0ld'), { session: true })).headers.get('cache-control')).to.equal('private, max-age=300');
        // Nobody else sees the draft's crop, whatever the address names.
        const anonymous = await get(url(cropTag(draftCrop)));
        expect(anonymous.headers.get('cache-control')).to.equal('public, max-age=300');
        expect(await shows(anonymous, { left: 100, top: 50, width: 400, height: 300 })).to.be.below(8);
      });

      it('answers 503 with Retry-After when too many renditions are being made, and a cached one all the same', async () => {
        const cached = pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 320, fm: 'webp' });
        expect((await get(cached)).status).to.equal(200);
        // Every slot taken and the queue full (2 at once, 32 waiting), by work that waits for us.
        const { limit } = renditionsOf(app.auth.blobs);
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const holders = Array.from({ length: 34 }, () => limit.run(() => held));
        try {
          const busy = await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 1024, fm: 'png' }));
          expect([busy.status, busy.headers.get('retry-after')]).to.deep.equal([503, '2']);
          expect(JSON.parse(busy.bytes.toString()).Errors[0].code).to.equal('G_01');
          expect((await get(previewCropUrl(photo.id, crop), { session: true })).status).to.equal(503);
          expect((await get(cached)).status).to.equal(200);
        } finally {
          release();
          await Promise.all(holders);
        }
        expect((await get(pageFileUrl(page, 'block_images_foto', photo.hash, 'strand.jpg', { w: 1024, fm: 'png' }))).status).to.equal(200);
      });

      it('serves a block file as an attachment, in byte ranges', async () => {
        const url = pageFileUrl(page, 'block_files_stukken', report.hash, 'Jaarverslag 2025.pdf');
        const whole = await get(url);
        expect(whole.status).to.equal(200);
        expect(whole.headers.get('content-type')).to.equal('application/pdf');
        expect(whole.headers.get('content-disposition')).to.equal('attachment; filename="Jaarverslag 2025.pdf"');
        const part = await get(url, { headers: { Range: 'bytes=5-14' } });
        expect(part.status).to.equal(206);
        expect(part.headers.get('content-range')).to.equal(`bytes 5-14/${whole.bytes.length}`);
        expect(part.bytes.equals(whole.bytes.subarray(5, 15))).to.equal(true);
        expect((await get(url, { headers: { Range: `bytes=${whole.bytes.length + 10}-` } })).status).to.equal(416);
      });

      it('serves an SVG as it is, only as a sandboxed attachment', async () => {
        const reply = await get(pageFileUrl(page, 'block_images_logo', logo.hash, 'logo.svg', { w: 320, fm: 'png' }));
        expect(reply.status).to.equal(200);
        expect(reply.headers.get('content-type')).to.equal('image/svg+xml');
        expect(reply.headers.get('content-disposition')).to.equal('attachment; filename="logo.svg"');
        expect(reply.headers.get('content-security-policy')).to.equal(SVG_CSP);
        expect(reply.bytes.toString()).to.equal(svg);
      });

      it('serves the SEO image by its group', async () => {
        const reply = await get(pageFileUrl(page, 'seo_image', photo.hash, 'strand.jpg', { w: 640, fm: 'webp' }));
        expect(reply.status).to.equal(200);
        expect((await sharp(reply.bytes).metadata()).width).to.equal(640);
      });

      it('answers 404 for a file the page does not use in that group, another page, or a page that is not there', async () => {
        const misses = [
          pageFileUrl(page, 'block_files_foto', photo.hash, 'strand.jpg'),
          pageFileUrl(page, 'block_images_stukken', report.hash, 'x.pdf'),
          pageFileUrl(page, 'block_images_foto', report.hash, 'x.pdf'),
          pageFileUrl(page, 'block_images_nergens', photo.hash, 'strand.jpg'),
          pageFileUrl(page, 'seo_image', logo.hash, 'logo.svg'),
          pageFileUrl(draftPage, 'block_images_foto', photo.hash, 'strand.jpg'),
          pageFileUrl('00000000-0000-7000-8000-000000000000', 'block_images_foto', photo.hash, 'strand.jpg'),
          pageFileUrl(page, 'block_images_foto', 'not-a-hash', 'strand.jpg'),
          pageFileUrl(page, 'anything', photo.hash, 'strand.jpg'),
        ];
        for (const url of misses) expect((await get(url)).status, url).to.equal(404);
      });

      it('serves what only a draft uses to a signed-in caller, privately, and to nobody else', async () => {
        const url = pageFileUrl(draftPage, 'block_images_foto', draftOnly.hash, 'concept.jpg');
        expect((await get(url)).status).to.equal(404);
        const signedIn = await get(url, { session: true });
        expect(signedIn.status).to.equal(200);
        expect(signedIn.headers.get('cache-control')).to.equal('private, max-age=300');
      });

      it('answers HEAD with the headers and no body', async () => {
        const head = await get(pageFileUrl(page, 'block_files_stukken', report.hash, 'Jaarverslag 2025.pdf'), { method: 'HEAD' });
        expect([head.status, head.bytes.length, head.headers.get('content-type')]).to.deep.equal([200, 0, 'application/pdf']);
      });
    });

    describe('GET file (a shared item)', () => {
      it('serves an item only while it is shared, with renditions', async () => {
        const shared = await upload(await patternImage(700, 350, { format: 'jpeg', orientation: 1 }), 'gedeeld.jpg');
        const url = sharedFileUrl(shared.hash, 'gedeeld.jpg');
        expect((await get(url)).status).to.equal(404);
        const share = (on: boolean) => admin.post('/medialib/edit-file', { id: shared.id, newPath: '/', newFileName: 'gedeeld.jpg', defaultAltText: '', shared: on });
        expect((await share(true)).status).to.equal(200);
        const whole = await get(url);
        expect([whole.status, whole.headers.get('content-type'), whole.headers.get('cache-control')]).to.deep.equal([200, 'image/jpeg', 'public, max-age=300']);
        const small = await get(sharedFileUrl(shared.hash, 'gedeeld.jpg', { w: 320, fm: 'avif' }));
        expect([small.status, small.headers.get('content-type'), small.headers.get('content-disposition')]).to.deep.equal([200, 'image/avif', 'inline; filename="gedeeld.avif"']);
        expect((await get(sharedFileUrl(shared.hash, 'gedeeld.jpg', { download: true }))).headers.get('content-disposition')).to.equal('attachment; filename="gedeeld.jpg"');
        expect((await share(false)).status).to.equal(200);
        expect((await get(url)).status).to.equal(404);
      });
    });

    describe('GET preview-image and preview-crop', () => {
      it('need a session (401)', async () => {
        expect((await get(previewImageUrl(photo.id))).status).to.equal(401);
        expect((await get(previewCropUrl(photo.id, crop))).status).to.equal(401);
      });

      it('preview a library image at a declared width, and 404 one that is not there', async () => {
        const reply = await get(previewImageUrl(photo.id, 320), { session: true });
        expect([reply.status, reply.headers.get('cache-control')]).to.deep.equal([200, 'private, max-age=300']);
        expect((await sharp(reply.bytes).metadata()).width).to.equal(320);
        expect((await get(previewImageUrl(photo.id), { session: true })).bytes.equals(photoBytes)).to.equal(true);
        expect((await get(previewImageUrl(report.id), { session: true })).status).to.equal(404);
        expect((await get(previewImageUrl('nergens'), { session: true })).status).to.equal(404);
      });

      it('preview a crop as the crop dialog sets it, turned and flipped', async () => {
        const turned = { x: 10, y: 20, width: 300, height: 200, rotate: 90, scaleX: 1, scaleY: -1 };
        const reply = await get(previewCropUrl(photo.id, turned), { session: true });
        expect(reply.status).to.equal(200);
        const reference = await sharp(photoBytes).flip().rotate(90).extract({ left: 10, top: 20, width: 300, height: 200 }).png().toBuffer();
        expect(await meanAbsoluteDifference(reply.bytes, reference)).to.be.below(8);
        for (const bad of [{ ...turned, width: 0 }, { ...turned, scaleX: 0 }, { ...turned, rotate: 720 }]) {
          expect((await get(previewCropUrl(photo.id, bad), { session: true })).status, JSON.stringify(bad)).to.equal(400);
        }
      });

      it('preview a crop in whole pixels, keeping nothing in the rendition cache', async () => {
        const fine = { x: 20.4, y: 9.6, width: 250.2, height: 149.8, rotate: 0, scaleX: 1, scaleY: 1 };
        const whole = { x: 20, y: 10, width: 250, height: 150, rotate: 0, scaleX: 1, scaleY: 1 };
        const reply = await get(previewCropUrl(photo.id, fine, 640), { session: true });
        expect([reply.status, reply.headers.get('content-type'), reply.headers.get('cache-control')]).to.deep.equal([200, 'image/jpeg', 'private, max-age=300']);
        expect((await get(previewCropUrl(photo.id, whole, 640), { session: true })).headers.get('etag')).to.equal(reply.headers.get('etag'));
        for (const c of [fine, whole]) expect(await app.auth.blobs.statRendition(photo.hash, renditionParams({ width: 640, format: 'jpeg', crop: c }))).to.equal(null);
        const again = await get(previewCropUrl(photo.id, fine, 640), { session: true, headers: { 'If-None-Match': reply.headers.get('etag')!, 'Cache-Control': 'max-age=0' } });
        expect(again.status).to.equal(304);
      });
    });

    describe('renditions and clean-up in the background', () => {
      it('makes an upload’s renditions before anyone asks', async () => {
        const fresh = await upload(await patternImage(900, 300, { format: 'jpeg', orientation: 1 }), 'vooraf.jpg');
        // The original's own width in JPEG is the last one made; the narrowest AVIF the first.
        await until(async () => (await app.auth.blobs.statRendition(fresh.hash, renditionParams({ width: 900, format: 'jpeg' }))) !== null);
        expect(await app.auth.blobs.statRendition(fresh.hash, renditionParams({ width: 320, format: 'avif' }))).to.not.equal(null);
        expect(await app.auth.blobs.statRendition(fresh.hash, renditionParams({ width: 1024, format: 'jpeg' }))).to.equal(null);
      });

      it('deletes the bytes of a deleted file no page used, and keeps what a published page shows', async () => {
        const unused = await upload(pdf('weg ermee'), 'weg.pdf');
        expect((await admin.post('/medialib/delete-file', { id: unused.id })).status).to.equal(200);
        expect((await admin.post('/medialib/delete-file', { id: report.id })).status).to.equal(200);
        await until(async () => (await app.auth.blobs.stat(unused.hash)) === null);
        await app.projector.settle();
        expect(await app.auth.blobs.stat(report.hash)).to.not.equal(null);
        const stillShown = await get(pageFileUrl(page, 'block_files_stukken', report.hash, 'Jaarverslag 2025.pdf'));
        // The item is gone from the library: the download keeps the name the page gave it.
        expect([stillShown.status, stillShown.headers.get('content-disposition')]).to.deep.equal([200, 'attachment; filename="Jaarverslag 2025.pdf"']);
      });
    });
  });
}
