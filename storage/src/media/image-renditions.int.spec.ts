import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { expect } from 'chai';
import sharp from 'sharp';
import type { BlobStore } from '../blob-store/blob-store';
import { FsBlobStore } from '../blob-store/fs-blob-store';
import { ImageRenditions, renditionParams, UndecodableImageError, type RenditionRequest } from './image-renditions';
import { meanAbsoluteDifference, patternImage, patternPixels, pngHeaderOnly } from './test-images';

const noCrop = { rotate: 0, scaleX: 1, scaleY: 1 };

describe('image renditions', () => {
  let dir: string;
  let store: FsBlobStore;
  let reads: number;
  let puts: number;
  /** The store, counting reads of originals and writes of renditions. */
  let blobs: BlobStore;
  let renditions: ImageRenditions;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-rendition-'));
    store = new FsBlobStore(join(dir, 'blobs'));
    reads = 0;
    puts = 0;
    blobs = Object.assign(Object.create(store) as BlobStore, {
      get: (...args: Parameters<BlobStore['get']>) => {
        reads++;
        return store.get(...args);
      },
      putRendition: (...args: Parameters<BlobStore['putRendition']>) => {
        puts++;
        return store.putRendition(...args);
      },
    });
    renditions = new ImageRenditions(blobs);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const put = async (bytes: Buffer, contentType = 'image/png') => (await store.put([bytes], { contentType })).key;
  const bytesOf = async (source: string, request: RenditionRequest) => buffer((await store.getRendition(source, renditionParams(request)))!.stream);
  const photo = async (width: number, height: number) =>
    put(await sharp({ create: { width, height, channels: 3, background: '#c33' } }).jpeg().withExif({ IFD0: { Artist: 'Secret Person' } }).toBuffer(), 'image/jpeg');

  describe('when a rendition is asked for the first time', () => {
    it('streams the original through sharp into the cache: narrower, in the format asked for, without metadata', async () => {
      const key = await photo(1200, 800);
      const info = await renditions.rendition(key, { width: 300, format: 'webp' });
      const bytes = await bytesOf(key, { width: 300, format: 'webp' });
      expect(info).to.deep.equal({ key: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, contentType: 'image/webp' });
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).to.deep.equal(['webp', 300, 200, undefined]);
    });

    it('encodes every rendition format with its content type', async () => {
      const key = await photo(640, 480);
      for (const [format, sharpName] of [['avif', 'heif'], ['webp', 'webp'], ['jpeg', 'jpeg'], ['png', 'png']] as const) {
        const info = await renditions.rendition(key, { width: 320, format });
        const meta = await sharp(await bytesOf(key, { width: 320, format })).metadata();
        expect([info!.contentType, meta.format, meta.width, meta.height]).to.deep.equal([`image/${format}`, sharpName, 320, 240]);
      }
    });

    it('never makes an image wider than its original', async () => {
      const key = await photo(200, 100);
      await renditions.rendition(key, { width: 640, format: 'png' });
      const meta = await sharp(await bytesOf(key, { width: 640, format: 'png' })).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 200, 100]);
    });

    it('turns an image as its Exif orientation says', async () => {
      const key = await put(await patternImage(120, 80, { orientation: 6 }));
      expect(await renditions.info(key)).to.include({ width: 80, height: 120 });
      await renditions.rendition(key, { format: 'png' });
      const out = await bytesOf(key, { format: 'png' });
      expect(await meanAbsoluteDifference(out, sharp(await patternImage(120, 80, { orientation: 6 })).autoOrient())).to.be.below(0.5);
    });
  });

  describe('when a crop is asked for', () => {
    it('shows the same pixels as extracting that region with sharp (PNG exactly, JPEG within tolerance)', async () => {
      const source = await patternImage(400, 300);
      const key = await put(source);
      const crop = { x: 50.4, y: 20, width: 200, height: 100, ...noCrop };
      const reference = sharp(source).extract({ left: 50, top: 20, width: 200, height: 100 });
      await renditions.rendition(key, { format: 'png', crop });
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'png', crop }), reference.clone())).to.be.below(0.5);
      await renditions.rendition(key, { format: 'jpeg', crop });
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'jpeg', crop }), reference.clone())).to.be.below(8);
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'jpeg', crop }), sharp(source).extract({ left: 60, top: 20, width: 200, height: 100 }))).to.be.above(16);
      // Shifted by a pixel, the same comparison fails: the tolerance tells crops apart.
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'png', crop }), sharp(source).extract({ left: 51, top: 20, width: 200, height: 100 }))).to.be.above(2);
    });

    it('flips and turns the image as cropperjs shows it before cutting the region out', async () => {
      const [w, h] = [90, 60];
      const key = await put(await patternImage(w, h));
      // Mirrored left-right, then turned a quarter clockwise: a 60 × 90 image whose (X, Y) is the original's (W-1-Y, H-1-X).
      const source = patternPixels(w, h);
      const turned = Buffer.alloc(source.length);
      for (let Y = 0; Y < w; Y++) {
        for (let X = 0; X < h; X++) source.copy(turned, (Y * h + X) * 3, ((h - 1 - X) * w + (w - 1 - Y)) * 3, ((h - 1 - X) * w + (w - 1 - Y)) * 3 + 3);
      }
      const crop = { x: 10, y: 25, width: 40, height: 50, rotate: 90, scaleX: -1, scaleY: 1 };
      await renditions.rendition(key, { format: 'png', crop });
      const reference = sharp(turned, { raw: { width: h, height: w, channels: 3 } }).extract({ left: 10, top: 25, width: 40, height: 50 });
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'png', crop }), reference)).to.be.below(0.5);
    });

    it('crops an Exif-turned photo in the coordinates a person sees', async () => {
      const source = await patternImage(120, 80, { orientation: 6 });
      const key = await put(source);
      const crop = { x: 10, y: 30, width: 50, height: 60, ...noCrop };
      await renditions.rendition(key, { format: 'png', crop });
      const upright = await sharp(source).autoOrient().png().toBuffer();
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'png', crop }), sharp(upright).extract({ left: 10, top: 30, width: 50, height: 60 }))).to.be.below(0.5);
    });

    it('keeps the part of a crop box inside the image, and turns by any angle', async () => {
      const source = await patternImage(200, 100);
      const key = await put(source);
      const outside = { x: -30, y: 60, width: 100, height: 100, ...noCrop };
      await renditions.rendition(key, { format: 'png', crop: outside });
      expect(await meanAbsoluteDifference(await bytesOf(key, { format: 'png', crop: outside }), sharp(source).extract({ left: 0, top: 60, width: 70, height: 40 }))).to.be.below(0.5);
      const tilted = { x: 0, y: 0, width: 500, height: 500, rotate: 30, scaleX: 1, scaleY: 1 };
      await renditions.rendition(key, { format: 'webp', crop: tilted });
      const meta = await sharp(await bytesOf(key, { format: 'webp', crop: tilted })).metadata();
      // The turned image's bounding box (200 cos 30° + 100 sin 30° by 200 sin 30° + 100 cos 30°, rounded down), transparent in the corners.
      expect([meta.width, meta.height, meta.hasAlpha]).to.deep.equal([223, 186, true]);
    });

    it('crops to an aspect ratio around the focal point', async () => {
      const source = await patternImage(400, 200);
      const key = await put(source);
      const request: RenditionRequest = { format: 'png', aspect: 1, focalPoint: { x: 0.9, y: 0.5 } };
      await renditions.rendition(key, request);
      expect(await meanAbsoluteDifference(await bytesOf(key, request), sharp(source).extract({ left: 200, top: 0, width: 200, height: 200 }))).to.be.below(0.5);
      const centred: RenditionRequest = { format: 'png', aspect: 1 };
      await renditions.rendition(key, centred);
      expect(await meanAbsoluteDifference(await bytesOf(key, centred), sharp(source).extract({ left: 100, top: 0, width: 200, height: 200 }))).to.be.below(0.5);
    });
  });

  describe('when it is asked for again', () => {
    it('answers it from the cache without reading the original again', async () => {
      const key = await photo(800, 600);
      const first = await renditions.rendition(key, { width: 100, format: 'jpeg' });
      const readsAfterFirst = reads;
      const second = await new ImageRenditions(blobs).rendition(key, { width: 100, format: 'jpeg' });
      expect(second).to.deep.equal(first);
      expect([reads, puts]).to.deep.equal([readsAfterFirst, 1]);
    });

    it('makes a rendition once for many requests at the same moment', async () => {
      const key = await photo(1600, 1200);
      const answers = await Promise.all(Array.from({ length: 8 }, () => renditions.rendition(key, { width: 640, format: 'avif' })));
      expect(puts).to.equal(1);
      expect(new Set(answers.map((a) => a!.key)).size).to.equal(1);
    });
  });

  describe('when the original is missing, broken or a bomb', () => {
    it('answers null for a missing original and refuses a broken one, caching nothing', async () => {
      expect(await renditions.rendition('a'.repeat(64), { width: 100, format: 'webp' })).to.equal(null);
      const key = await put(Buffer.from('not an image at all'), 'image/jpeg');
      const error = await renditions.rendition(key, { width: 100, format: 'webp' }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(UndecodableImageError);
      expect(await store.statRendition(key, renditionParams({ width: 100, format: 'webp' }))).to.equal(null);
    });

    it('refuses an image of more pixels than allowed by its header, before decoding it', async () => {
      const bomb = await put(pngHeaderOnly(20_000, 20_000));
      const error = await renditions.rendition(bomb, { width: 320, format: 'webp' }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(UndecodableImageError);
      expect((error as Error).message).to.contain('pixels');
      expect(puts).to.equal(0);
    });

    it('refuses a truncated image part-way through decoding, caching nothing', async () => {
      const whole = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#3a3' } }).png({ compressionLevel: 0 }).toBuffer();
      const key = await put(whole.subarray(0, Math.floor(whole.length / 2)));
      const error = await renditions.rendition(key, { width: 320, format: 'jpeg' }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(UndecodableImageError);
      expect(await store.statRendition(key, renditionParams({ width: 320, format: 'jpeg' }))).to.equal(null);
    });
  });
});
