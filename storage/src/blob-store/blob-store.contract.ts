import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { BlobBody, BlobContent, BlobStore } from './blob-store';

/** Keys that must never reach a file name, an object name or a query. */
export const unsafeBlobKeys = [
  '../escape',
  '..',
  '.',
  '',
  'a/b',
  'a\\b',
  '/etc/passwd',
  'x.png',
  'ä',
  'a\u0000b',
  'a'.repeat(63),
  'a'.repeat(65),
  'A'.repeat(64),
  `${'a'.repeat(64)}/x`,
  ` ${'a'.repeat(63)}`,
  '0190F7A2-1B3C-7D4E-8F90-A1B2C3D4E5F6',
  `../${'a'.repeat(61)}`,
];

export interface OpenedBlobStore {
  store: BlobStore;
  cleanup: () => Promise<void>;
  /** How many things the adapter keeps: blobs, renditions and anything half-written. */
  leftovers: () => Promise<number>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MB = 1024 * 1024;

/** A body that yields `bytes` in pieces of `piece` bytes, letting other work run in between. */
async function* pieces(bytes: Buffer, piece = 64 * 1024): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += piece) {
    yield bytes.subarray(offset, offset + piece);
    await yieldToLoop();
  }
}

/** A body that yields `before` bytes and then fails, as an upload cut off half-way does. */
async function* failingAfter(bytes: Buffer, before: number): AsyncGenerator<Buffer> {
  yield* pieces(bytes.subarray(0, before));
  throw new Error('the client went away');
}

async function bytesOf(content: BlobContent | null): Promise<Buffer> {
  expect(content, 'the blob is there').not.to.equal(null);
  const chunks: Buffer[] = [];
  for await (const chunk of content!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const rejection = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e);

/**
 * The behaviour every BlobStore adapter must show. `open` gives a fresh, empty store for each
 * test. `bigBlobMb` sizes the flat-memory test (150 MB unless an adapter's run says otherwise).
 */
export function blobStoreContract(adapterName: string, open: () => Promise<OpenedBlobStore>, options: { bigBlobMb?: number } = {}): void {
  describe(`blob store contract: ${adapterName}`, function () {
    this.timeout(60_000);
    let store: BlobStore;
    let cleanup: () => Promise<void>;
    let leftovers: () => Promise<number>;

    beforeEach(async () => {
      ({ store, cleanup, leftovers } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('when a blob is put', () => {
      it('answers the SHA-256 of its bytes as its key, its size and content type, and gives back every byte value intact', async () => {
        const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
        const info = await store.put(Readable.from([bytes]), { contentType: 'image/png' });
        expect(info).to.deep.equal({ key: sha256(bytes), size: 512, contentType: 'image/png' });
        expect(await store.stat(info.key)).to.deep.equal(info);
        const content = await store.get(info.key);
        expect(content).to.include({ key: info.key, size: 512, contentType: 'image/png', range: null });
        expect((await bytesOf(content)).equals(bytes)).to.equal(true);
      });

      it('reads a Node stream, an async generator and an array of chunks alike', async () => {
        const bytes = randomBytes(300 * 1024);
        const bodies: BlobBody[] = [Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), pieces(bytes, 7777), [bytes.subarray(0, 5), bytes.subarray(5)]];
        for (const body of bodies) {
          const info = await store.put(body, { contentType: 'application/octet-stream' });
          expect(info.key).to.equal(sha256(bytes));
          expect((await bytesOf(await store.get(info.key))).equals(bytes)).to.equal(true);
        }
        expect(await leftovers()).to.equal(1);
      });

      it('hashes bodies just under, at and just over whole megabytes as their bytes', async () => {
        // Stores batch their writes (and hashes) by the megabyte: the edges are where an off-by-one hides.
        for (const size of [MB - 1, MB, MB + 1, 2 * MB, 3 * MB - 1]) {
          const bytes = randomBytes(size);
          const info = await store.put(pieces(bytes, 65536), { contentType: 'application/octet-stream' });
          expect(info, `${size} bytes`).to.deep.equal({ key: sha256(bytes), size, contentType: 'application/octet-stream' });
          expect((await bytesOf(await store.get(info.key))).equals(bytes), `${size} bytes`).to.equal(true);
        }
      });

      it('keeps an empty blob', async () => {
        const info = await store.put([], { contentType: 'text/plain' });
        expect(info).to.deep.equal({ key: sha256(Buffer.alloc(0)), size: 0, contentType: 'text/plain' });
        expect((await bytesOf(await store.get(info.key))).length).to.equal(0);
      });
    });

    describe('when the same bytes are put again', () => {
      it('answers the same key and keeps one blob, with the content type it was first stored with', async () => {
        const bytes = randomBytes(2000);
        const first = await store.put([bytes], { contentType: 'image/png' });
        const second = await store.put([bytes], { contentType: 'image/x-other' });
        expect(second).to.deep.equal(first);
        expect(await leftovers()).to.equal(1);
      });

      it('by several writers at once, lets every one succeed with the same key and keeps one whole blob', async () => {
        const bytes = randomBytes(3 * MB + 17);
        const results = await Promise.all(Array.from({ length: 4 }, () => store.put(pieces(bytes), { contentType: 'video/mp4' })));
        for (const info of results) expect(info).to.deep.equal({ key: sha256(bytes), size: bytes.length, contentType: 'video/mp4' });
        expect(await leftovers()).to.equal(1);
        expect((await bytesOf(await store.get(sha256(bytes)))).equals(bytes)).to.equal(true);
      });
    });

    describe('when the body fails half-way', () => {
      it('rejects the put with its error and leaves no blob, visible or half-written', async () => {
        const bytes = randomBytes(3 * MB);
        const error = await rejection(store.put(failingAfter(bytes, 2 * MB), { contentType: 'image/jpeg' }));
        expect((error as Error).message).to.equal('the client went away');
        expect(await store.stat(sha256(bytes.subarray(0, 2 * MB)))).to.equal(null);
        expect(await store.get(sha256(bytes))).to.equal(null);
        expect(await leftovers()).to.equal(0);
        // The same bytes whole, afterwards, are stored as usual.
        expect((await store.put(pieces(bytes), { contentType: 'image/jpeg' })).size).to.equal(bytes.length);
      });
    });

    describe('when a range is asked for', () => {
      it('answers exactly those bytes, also across the adapter’s chunks, with the size of the whole', async () => {
        const bytes = randomBytes(2 * MB + 12345);
        const { key } = await store.put(pieces(bytes), { contentType: 'video/mp4' });
        for (const [start, end] of [
          [0, 0],
          [bytes.length - 1, bytes.length - 1],
          [1000, MB + 5000],
          [MB - 1, MB],
          [0, bytes.length - 1],
          [2 * MB, bytes.length - 1],
        ] as const) {
          const content = await store.get(key, { range: { start, end } });
          expect(content).to.include({ size: bytes.length, contentType: 'video/mp4' });
          expect(content!.range).to.deep.equal({ start, end });
          expect((await bytesOf(content)).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).to.equal(true);
        }
      });

      it('refuses a range outside the blob with a RangeError', async () => {
        const { key } = await store.put([randomBytes(100)], { contentType: 'text/plain' });
        for (const range of [{ start: 100, end: 100 }, { start: 0, end: 100 }, { start: 5, end: 4 }, { start: -1, end: 3 }, { start: 0.5, end: 3 }]) {
          expect(await rejection(store.get(key, { range })), JSON.stringify(range)).to.be.instanceOf(RangeError);
        }
      });
    });

    describe('when a blob is missing', () => {
      it('answers null to get and stat', async () => {
        await store.put([Buffer.from('there')], { contentType: 'text/plain' });
        const missing = sha256(Buffer.from('not there'));
        expect(await store.get(missing)).to.equal(null);
        expect(await store.stat(missing)).to.equal(null);
      });
    });

    describe('when a blob is deleted', () => {
      it('answers null for it and its renditions, and leaves the others', async () => {
        const gone = await store.put([Buffer.from('gone')], { contentType: 'text/plain' });
        const kept = await store.put([Buffer.from('kept')], { contentType: 'text/plain' });
        await store.putRendition(gone.key, { width: 10 }, [Buffer.from('small')], { contentType: 'text/plain' });
        await store.putRendition(kept.key, { width: 10 }, [Buffer.from('small too')], { contentType: 'text/plain' });
        await store.delete(gone.key);
        expect(await store.get(gone.key)).to.equal(null);
        expect(await store.stat(gone.key)).to.equal(null);
        expect(await store.statRendition(gone.key, { width: 10 })).to.equal(null);
        expect((await bytesOf(await store.get(kept.key))).toString()).to.equal('kept');
        expect((await bytesOf(await store.getRendition(kept.key, { width: 10 }))).toString()).to.equal('small too');
        expect(await leftovers()).to.equal(2);
      });

      it('takes a missing key without complaint', async () => {
        await store.delete(sha256(Buffer.from('never stored')));
        await store.delete('0190f7a2-1b3c-7d4e-8f90-a1b2c3d4e5f6');
      });
    });

    describe('when a key is neither a SHA-256 nor a UUID', () => {
      it('refuses get, stat, delete and renditions of it with a validation error (V_12 on key)', async () => {
        for (const key of unsafeBlobKeys) {
          for (const call of [
            () => store.get(key),
            () => store.stat(key),
            () => store.delete(key),
            () => store.statRendition(key, { width: 1 }),
            () => store.getRendition(key, { width: 1 }),
            () => store.putRendition(key, { width: 1 }, [Buffer.from('x')], { contentType: 'text/plain' }),
          ]) {
            const error = await rejection(call());
            expect(error, JSON.stringify(key)).to.be.instanceOf(ValidationError);
            expect((error as ValidationError).items[0]).to.include({ code: 'V_12', property: 'key', model: 'blob' });
          }
        }
        expect(await leftovers()).to.equal(0);
      });
    });

    describe('when a content type is not one line of text', () => {
      it('refuses the put and stores nothing', async () => {
        for (const contentType of ['', 'text/html\r\nX-Injected: 1', 'image/png\n']) {
          const error = await rejection(store.put([Buffer.from('x')], { contentType }));
          expect(error, JSON.stringify(contentType)).to.be.instanceOf(TypeError);
        }
        expect(await leftovers()).to.equal(0);
      });
    });

    describe('when renditions are cached', () => {
      it('answers one by its source and parameters, whatever their order, keyed by its own hash', async () => {
        const source = await store.put([randomBytes(1000)], { contentType: 'image/png' });
        const small = randomBytes(300);
        const info = await store.putRendition(source.key, { width: 320, format: 'webp' }, pieces(small, 100), { contentType: 'image/webp' });
        expect(info).to.deep.equal({ key: sha256(small), size: 300, contentType: 'image/webp' });
        expect(await store.statRendition(source.key, { format: 'webp', width: 320 })).to.deep.equal(info);
        const ranged = await store.getRendition(source.key, { format: 'webp', width: 320 }, { range: { start: 10, end: 19 } });
        expect(ranged).to.include({ key: info.key, size: 300, contentType: 'image/webp' });
        expect((await bytesOf(ranged)).equals(small.subarray(10, 20))).to.equal(true);
      });

      it('keeps renditions of other parameters apart and replaces one made again', async () => {
        const source = await store.put([randomBytes(1000)], { contentType: 'image/png' });
        await store.putRendition(source.key, { width: 320 }, [Buffer.from('first')], { contentType: 'image/webp' });
        await store.putRendition(source.key, { width: 640 }, [Buffer.from('wide')], { contentType: 'image/webp' });
        await store.putRendition(source.key, { width: 320 }, [Buffer.from('again')], { contentType: 'image/avif' });
        expect((await bytesOf(await store.getRendition(source.key, { width: 320 }))).toString()).to.equal('again');
        expect((await store.statRendition(source.key, { width: 320 }))!.contentType).to.equal('image/avif');
        expect((await bytesOf(await store.getRendition(source.key, { width: 640 }))).toString()).to.equal('wide');
        expect(await store.getRendition(source.key, { width: 1280 })).to.equal(null);
        expect(await store.statRendition(source.key, { width: '320' })).to.equal(null);
        expect(await leftovers()).to.equal(3);
      });

      it('refuses a rendition of a blob that is not there (V_12 on source), and keeps nothing of it', async () => {
        const error = await rejection(store.putRendition(sha256(Buffer.from('no such')), { width: 1 }, [Buffer.from('x')], { contentType: 'image/png' }));
        expect((error as ValidationError).items[0]).to.include({ code: 'V_12', property: 'source', model: 'blob' });
        expect(await leftovers()).to.equal(0);
      });

      it('refuses parameters that are not short names with plain values (V_12 on params)', async () => {
        const { key } = await store.put([Buffer.from('x')], { contentType: 'image/png' });
        for (const params of [{}, { '../w': 1 }, { width: Number.NaN }, { width: null }, { width: {} }, { text: 'x'.repeat(201) }] as never[]) {
          const error = await rejection(store.statRendition(key, params));
          expect((error as ValidationError).items?.[0], JSON.stringify(params)).to.include({ code: 'V_12', property: 'params' });
        }
      });
    });

    const bigMb = options.bigBlobMb ?? 150;
    describe(`when a ${bigMb} MB blob goes in and out`, function () {
      this.timeout(300_000);

      it('streams it both ways with memory that stays flat (RSS growth under 64 MB) and the same bytes', async () => {
        let peak = 0;
        const sample = () => {
          peak = Math.max(peak, process.memoryUsage.rss());
        };
        const sampler = setInterval(sample, 10);
        const piece = 256 * 1024;
        // The test's own pieces come from a pool of four, so what grows is the adapter's (a put
        // reads the next piece only once it has written the last; one that kept pieces would
        // store the wrong bytes and fail the hash check below).
        const pool = Array.from({ length: 4 }, () => randomBytes(piece));
        const written = createHash('sha256');
        // Each piece differs (a counter in front), so no layer can tell the blob is a repetition.
        async function* generated(): AsyncGenerator<Buffer> {
          for (let i = 0; i < (bigMb * MB) / piece; i++) {
            const chunk = pool[i % pool.length]!;
            chunk.writeUInt32BE(i, 0);
            written.update(chunk);
            sample();
            yield chunk;
          }
        }
        try {
          const before = process.memoryUsage.rss();
          peak = before;
          const info = await store.put(generated(), { contentType: 'video/mp4' });
          const putGrowth = peak - before;
          expect(info).to.deep.equal({ key: written.digest('hex'), size: bigMb * MB, contentType: 'video/mp4' });

          const beforeGet = process.memoryUsage.rss();
          peak = beforeGet;
          const read = createHash('sha256');
          let size = 0;
          for await (const chunk of (await store.get(info.key))!.stream) {
            read.update(chunk as Buffer);
            size += (chunk as Buffer).length;
            sample();
          }
          const getGrowth = peak - beforeGet;
          expect([size, read.digest('hex')]).to.deep.equal([info.size, info.key]);
          const mb = (n: number) => (n / MB).toFixed(1);
          console.log(`      note: ${bigMb} MB through ${adapterName}: peak RSS growth ${mb(putGrowth)} MB on put, ${mb(getGrowth)} MB on get (RSS ${mb(peak)} MB)`);
          expect(putGrowth, 'RSS growth during put').to.be.below(64 * MB);
          expect(getGrowth, 'RSS growth during get').to.be.below(64 * MB);
        } finally {
          clearInterval(sampler);
        }
      });
    });
  });
}
