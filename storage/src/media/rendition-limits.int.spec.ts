import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { BusyError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { BlobStore } from '../blob-store/blob-store';
import { FsBlobStore } from '../blob-store/fs-blob-store';
import { HEAD_BYTES } from './image-header';
import { ImageRenditions, MAX_RENDITION_WIDTH, renditionParams, UndecodableImageError, type RenditionRequest } from './image-renditions';
import { jpegWithLateHeader, meanAbsoluteDifference, patternImage } from './test-images';

const noTurn = { rotate: 0, scaleX: 1, scaleY: 1 };
const failureOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e);

/**
 * What keeps renditions from hurting the server: requests no rendition can be made of are the
 * caller's fault (400), crop previews are not kept, few renditions are made at once, and an
 * image's header is read without holding the whole image in memory.
 */
describe('image renditions within limits', () => {
  let dir: string;
  let store: FsBlobStore;
  let puts: number;
  let wholeReads: number;
  /** While set, reading an original waits for it: a making that started holds its slot. */
  let gate: Promise<void> | null;
  /** Called when a read reaches the gate: a making holds its slot from then on. */
  let atGate: (() => void) | null;
  let blobs: BlobStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-rendition-limits-'));
    store = new FsBlobStore(join(dir, 'blobs'));
    puts = 0;
    wholeReads = 0;
    gate = null;
    atGate = null;
    blobs = Object.assign(Object.create(store) as BlobStore, {
      get: async (...args: Parameters<BlobStore['get']>) => {
        if (!args[1]?.range) wholeReads++;
        if (gate) {
          atGate?.();
          await gate;
        }
        return store.get(...args);
      },
      putRendition: (...args: Parameters<BlobStore['putRendition']>) => {
        puts++;
        return store.putRendition(...args);
      },
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const put = async (bytes: Buffer, contentType = 'image/png') => (await store.put([bytes], { contentType })).key;

  describe('a request no rendition can be made of', () => {
    it('is refused as invalid (V_12), caching nothing: a crop of no size, a flip of 0, an unbounded turn, a width past the widest', async () => {
      const renditions = new ImageRenditions(blobs);
      const key = await put(await patternImage(200, 100));
      const asks: [RenditionRequest, string][] = [
        [{ format: 'png', crop: { x: 0, y: 0, width: 0, height: 10, ...noTurn } }, 'cropParams'],
        [{ format: 'png', crop: { x: 0, y: 0, width: 10, height: -10, ...noTurn } }, 'cropParams'],
        [{ format: 'png', crop: { x: 0, y: 0, width: 10, height: 10, rotate: 0, scaleX: 0, scaleY: 1 } }, 'cropParams'],
        [{ format: 'png', crop: { x: 0, y: 0, width: 10, height: 10, rotate: 1e9, scaleX: 1, scaleY: 1 } }, 'cropParams'],
        [{ format: 'png', crop: { x: Number.NaN, y: 0, width: 10, height: 10, ...noTurn } }, 'cropParams'],
        [{ format: 'png', width: MAX_RENDITION_WIDTH + 1 }, 'w'],
        [{ format: 'gif' as never, width: 100 }, 'fm'],
      ];
      for (const [request, property] of asks) {
        const error = await failureOf(renditions.rendition(key, request));
        expect(error, JSON.stringify(request)).to.be.instanceOf(ValidationError);
        expect([(error as ValidationError).status, (error as ValidationError).items[0]?.property]).to.deep.equal([400, property]);
        expect(await failureOf(renditions.render(key, request))).to.be.instanceOf(ValidationError);
      }
      expect(puts).to.equal(0);
    });
  });

  describe('a rendition made for one answer (render)', () => {
    it('shows the crop and leaves nothing in the rendition cache', async () => {
      const source = await patternImage(400, 300);
      const key = await put(source);
      const request: RenditionRequest = { format: 'png', crop: { x: 50, y: 20, width: 200, height: 100, ...noTurn } };
      const made = await new ImageRenditions(blobs).render(key, request);
      expect(made!.contentType).to.equal('image/png');
      expect(await meanAbsoluteDifference(made!.bytes, sharp(source).extract({ left: 50, top: 20, width: 200, height: 100 }))).to.be.below(0.5);
      expect(puts).to.equal(0);
      expect(await store.statRendition(key, renditionParams(request))).to.equal(null);
    });

    it('answers null for a missing original and refuses a broken one', async () => {
      const renditions = new ImageRenditions(blobs);
      expect(await renditions.render('a'.repeat(64), { format: 'png' })).to.equal(null);
      const broken = await put(Buffer.from('not an image at all'), 'image/jpeg');
      expect(await failureOf(renditions.render(broken, { format: 'png' }))).to.be.instanceOf(UndecodableImageError);
    });
  });

  describe('how many are made at once', () => {
    it('refuses (BusyError, 503 after 2 s) a making someone waits on when every slot is taken and the queue is full', async () => {
      const renditions = new ImageRenditions(blobs, { concurrency: 1, maxQueue: 0 });
      const key = await put(await patternImage(300, 200));
      await renditions.info(key);
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const reached = new Promise<void>((resolve) => (atGate = resolve));
      const first = renditions.rendition(key, { width: 100, format: 'png' });
      // Wait until the first making holds the one slot: it is reading its original, held at the gate
      // (a fixed number of turns of the event loop is not enough on a busy machine).
      await reached;
      const refusing = renditions.rendition(key, { width: 200, format: 'png' }, { refuseWhenBusy: true });
      // The same rendition asked for by background work at that moment: it does not share the refusal.
      const joining = renditions.rendition(key, { width: 200, format: 'png' });
      const refused = await failureOf(refusing);
      expect(refused).to.be.instanceOf(BusyError);
      expect([(refused as BusyError).status, (refused as BusyError).retryAfterSeconds]).to.deep.equal([503, 2]);
      expect(await failureOf(renditions.render(key, { format: 'png' }, { refuseWhenBusy: true }))).to.be.instanceOf(BusyError);
      // Background work (the renditions reactor) waits its turn instead.
      const waiting = renditions.rendition(key, { width: 300, format: 'png' });
      open();
      gate = null;
      expect((await first)!.contentType).to.equal('image/png');
      expect((await waiting)!.contentType).to.equal('image/png');
      expect((await joining)!.contentType).to.equal('image/png');
      expect(puts).to.equal(3);
    });

    it('answers a cached rendition however busy, and makes at most `concurrency` at a time', async () => {
      const renditions = new ImageRenditions(blobs, { concurrency: 2, maxQueue: 10 });
      const key = await put(await patternImage(300, 200));
      await renditions.rendition(key, { width: 100, format: 'png' });
      let running = 0;
      let most = 0;
      const counting = Object.assign(Object.create(blobs) as BlobStore, {
        putRendition: async (...args: Parameters<BlobStore['putRendition']>) => {
          most = Math.max(most, ++running);
          try {
            return await blobs.putRendition(...args);
          } finally {
            running--;
          }
        },
      });
      const limited = new ImageRenditions(counting, { concurrency: 2, maxQueue: 10 });
      const widths = [110, 120, 130, 140, 150, 160];
      await Promise.all(widths.map((width) => limited.rendition(key, { width, format: 'webp' }, { refuseWhenBusy: true })));
      expect(most).to.equal(2);
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const held = new ImageRenditions(blobs, { concurrency: 1, maxQueue: 0 });
      const holding = held.rendition(key, { width: 200, format: 'png' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(await held.rendition(key, { width: 100, format: 'png' }, { refuseWhenBusy: true })).to.not.equal(null);
      open();
      await holding;
    });
  });

  describe("an image's header", () => {
    it('is read from its first bytes when it is there, without reading the whole blob', async () => {
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(photo.length).to.be.above(HEAD_BYTES);
      const key = await put(photo);
      expect(await new ImageRenditions(blobs).info(key)).to.deep.equal({ width: 640, height: 480, format: 'png', hasAlpha: false });
      expect(wholeReads).to.equal(0);
    });

    it('is read from a temporary copy on disk when it comes later, which is removed afterwards', async () => {
      const late = jpegWithLateHeader(await patternImage(120, 90, { format: 'jpeg' }), HEAD_BYTES + 100_000);
      const key = await put(late, 'image/jpeg');
      const before = readdirSync(tmpdir()).filter((name) => name.startsWith('pagelog-image-header-')).length;
      expect(await new ImageRenditions(blobs).info(key)).to.deep.equal({ width: 120, height: 90, format: 'jpeg', hasAlpha: false });
      // Its first bytes did not do: the whole blob was read, into a file.
      expect(wholeReads).to.equal(1);
      expect(readdirSync(tmpdir()).filter((name) => name.startsWith('pagelog-image-header-')).length).to.equal(before);
    });

    it('refuses a large blob that is no image', async () => {
      const key = await put(Buffer.alloc(HEAD_BYTES * 2, 7), 'image/jpeg');
      expect(await failureOf(new ImageRenditions(blobs).info(key))).to.be.instanceOf(UndecodableImageError);
    });
  });
});
