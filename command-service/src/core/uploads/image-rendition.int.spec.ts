import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { expect } from 'chai';
import sharp from 'sharp';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { FsBlobStore } from '@pagelog/storage/blob-store/fs-blob-store';
import { imageRendition } from './image-rendition';

describe('image renditions', () => {
  let dir: string;
  let store: FsBlobStore;
  let reads: number;
  /** The store, counting how often an original is read (a cached rendition reads none). */
  let blobs: BlobStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-rendition-'));
    store = new FsBlobStore(join(dir, 'blobs'));
    reads = 0;
    blobs = Object.assign(Object.create(store) as BlobStore, {
      get: (...args: Parameters<BlobStore['get']>) => {
        reads++;
        return store.get(...args);
      },
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const original = async (width: number, height: number) => {
    const jpeg = await sharp({ create: { width, height, channels: 3, background: '#c33' } }).jpeg().withExif({ IFD0: { Artist: 'Secret Person' } }).toBuffer();
    return store.put([jpeg], { contentType: 'image/jpeg' });
  };

  describe('when a rendition is asked for the first time', () => {
    it('streams the original through sharp into the cache: narrower, in the format asked for, without metadata', async () => {
      const { key } = await original(1200, 800);
      const info = await imageRendition(blobs, key, { width: 300, format: 'webp' });
      const bytes = await buffer((await store.getRendition(key, { width: 300, format: 'webp' }))!.stream);
      expect(info).to.deep.equal({ key: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, contentType: 'image/webp' });
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).to.deep.equal(['webp', 300, 200, undefined]);
    });

    it('never makes an image wider than its original', async () => {
      const { key } = await original(200, 100);
      await imageRendition(blobs, key, { width: 640, format: 'png' });
      const meta = await sharp(await buffer((await store.getRendition(key, { width: 640, format: 'png' }))!.stream)).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 200, 100]);
    });
  });

  describe('when it was made before', () => {
    it('answers it from the cache without reading the original again', async () => {
      const { key } = await original(800, 600);
      const first = await imageRendition(blobs, key, { width: 100, format: 'jpeg' });
      const second = await imageRendition(blobs, key, { width: 100, format: 'jpeg' });
      expect(second).to.deep.equal(first);
      expect(reads).to.equal(1);
    });
  });

  describe('when the original is missing or not an image', () => {
    it('answers null for a missing original and rejects a broken one, caching nothing', async () => {
      expect(await imageRendition(blobs, 'a'.repeat(64), { width: 100, format: 'webp' })).to.equal(null);
      const { key } = await store.put([Buffer.from('not an image at all')], { contentType: 'image/jpeg' });
      const error = await imageRendition(blobs, key, { width: 100, format: 'webp' }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
      expect(await store.statRendition(key, { width: 100, format: 'webp' })).to.equal(null);
    });
  });
});
