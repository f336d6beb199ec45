import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { compression } from './compression';
import { bufferedBlob, serveBlob, storedBlob, storedRendition } from './serve-blob';

/** Collects a supertest body as bytes, whatever its content type. */
const asBytes = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  // In a parser the response is still the incoming stream.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('serving a blob over HTTP', () => {
  let dir: string;
  let store: FsBlobStore;
  let bytes: Buffer;
  let key: string;
  let app: Koa;
  const get = (path = '/blob') => request(app.callback()).get(path).buffer(true).parse(asBytes);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-serve-'));
    store = new FsBlobStore(join(dir, 'blobs'));
    bytes = randomBytes(5000);
    ({ key } = await store.put([bytes], { contentType: 'text/plain' }));
    await store.putRendition(key, { width: 10 }, [Buffer.from('rendition')], { contentType: 'image/webp' });
    app = new Koa();
    app.use(compression());
    app.use(async (ctx) => {
      const blob =
        ctx.path === '/blob' ? await storedBlob(store, key)
        : ctx.path === '/rendition' ? await storedRendition(store, key, { width: 10 })
        : ctx.path === '/buffered' ? bufferedBlob(key, bytes, 'image/png')
        : null;
      if (blob) await serveBlob(ctx, blob);
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when the whole blob is asked for', () => {
    it('answers 200 with its bytes, type, length, Accept-Ranges and its hash as a strong ETag', async () => {
      const reply = await get().set('Accept-Encoding', 'identity');
      expect(reply.status).to.equal(200);
      expect((reply.body as Buffer).equals(bytes)).to.equal(true);
      expect(reply.headers).to.include({ 'content-type': 'text/plain', 'content-length': '5000', 'accept-ranges': 'bytes', etag: `"${key}"` });
    });

    it('answers 304 without a body when If-None-Match names it', async () => {
      const reply = await get().set('If-None-Match', `"${key}"`);
      expect(reply.status).to.equal(304);
      expect((reply.body as Buffer).length).to.equal(0);
    });

    it('answers HEAD with the headers of the whole blob and no body', async () => {
      const reply = await request(app.callback()).head('/blob');
      expect(reply.status).to.equal(200);
      expect(reply.headers).to.include({ 'content-length': '5000', 'accept-ranges': 'bytes', etag: `"${key}"` });
    });
  });

  describe('when one byte range is asked for', () => {
    for (const [header, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=10-1009', 10, 1009],
      ['bytes=4990-', 4990, 4999],
      ['bytes=-25', 4975, 4999],
      ['bytes=4000-99999', 4000, 4999],
    ] as const) {
      it(`answers ${header} with 206, Content-Range bytes ${start}-${end}/5000 and exactly those bytes`, async () => {
        const reply = await get().set('Range', header);
        expect(reply.status).to.equal(206);
        expect(reply.headers).to.include({ 'content-range': `bytes ${start}-${end}/5000`, 'content-length': String(end - start + 1), etag: `"${key}"` });
        expect((reply.body as Buffer).equals(bytes.subarray(start, end + 1))).to.equal(true);
      });
    }

    it('sends the range uncompressed even to a client that takes gzip', async () => {
      const reply = await get().set('Range', 'bytes=0-3999').set('Accept-Encoding', 'gzip');
      expect(reply.status).to.equal(206);
      expect(reply.headers['content-encoding']).to.equal(undefined);
      expect((reply.body as Buffer).equals(bytes.subarray(0, 4000))).to.equal(true);
    });

    it('answers HEAD with the range’s headers', async () => {
      const reply = await request(app.callback()).head('/blob').set('Range', 'bytes=100-199');
      expect(reply.status).to.equal(206);
      expect(reply.headers).to.include({ 'content-range': 'bytes 100-199/5000', 'content-length': '100' });
    });

    it('serves ranges of renditions and of bytes held in memory alike', async () => {
      const rendition = await get('/rendition').set('Range', 'bytes=0-3');
      expect([rendition.status, (rendition.body as Buffer).toString(), rendition.headers['content-type']]).to.deep.equal([206, 'rend', 'image/webp']);
      const buffered = await get('/buffered').set('Range', 'bytes=1-2');
      expect(buffered.status).to.equal(206);
      expect((buffered.body as Buffer).equals(bytes.subarray(1, 3))).to.equal(true);
    });
  });

  describe('when the range cannot be satisfied', () => {
    it('answers 416 with Content-Range bytes */5000', async () => {
      const reply = await get().set('Range', 'bytes=5000-');
      expect(reply.status).to.equal(416);
      expect(reply.headers['content-range']).to.equal('bytes */5000');
    });
  });

  describe('when the Range header is one the server may ignore', () => {
    for (const [why, headers] of [
      ['several ranges', { Range: 'bytes=0-9,100-109' }],
      ['a header that does not parse', { Range: 'bytes=abc' }],
      ['a unit other than bytes', { Range: 'items=0-1' }],
      ['an If-Range naming another version', { Range: 'bytes=0-9', 'If-Range': '"something-else"' }],
    ] as const) {
      it(`answers ${why} with the whole blob (200)`, async () => {
        const reply = await get().set(headers);
        expect(reply.status).to.equal(200);
        expect((reply.body as Buffer).equals(bytes)).to.equal(true);
      });
    }

    it('honours a range whose If-Range names this blob', async () => {
      const reply = await get().set({ Range: 'bytes=0-9', 'If-Range': `"${key}"` });
      expect(reply.status).to.equal(206);
    });
  });
});
