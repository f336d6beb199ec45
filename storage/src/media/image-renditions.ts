import { createHash } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp, { type Sharp } from 'sharp';
import { BusyError, ValidationError } from '@pagelog/contracts/domain-errors';
import { MAX_IMAGE_PIXELS, type FocalPoint, type RenditionFormat } from '@pagelog/contracts/media/media';
import type { CropParams } from '@pagelog/contracts/blocks/block';
import { isValidCrop } from '@pagelog/contracts/blocks/block-media';
import { renditionId, type BlobInfo, type BlobStore, type RenditionParams } from '../blob-store/blob-store';
import { cropRegion, focalRegion, normaliseAngle, rotatedSize, type Region, type Size } from './crop-geometry';
import { readImageHeader, UndecodableImageError } from './image-header';
import { MakeLimit, type MakeLimitOptions } from './make-limit';

export const renditionContentTypes: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The widest rendition anyone may ask for, in pixels. */
export const MAX_RENDITION_WIDTH = 8192;

/** What a rendition is made of: an image blob, cropped, narrowed and encoded as asked. */
export interface RenditionRequest {
  /** At most this many pixels wide (never enlarged); omitted: as wide as the (cropped) image. */
  width?: number | null;
  format: RenditionFormat;
  /** cropperjs' data, in pixels of the image as turned by `rotate` (flips applied first, as cropperjs shows them). */
  crop?: CropParams | null;
  /** An automatic crop to this aspect ratio (width / height), inside the crop if there is one. */
  aspect?: number | null;
  /** What the automatic crop keeps in view (fractions of the image); the centre when null. Ignored inside a crop. */
  focalPoint?: FocalPoint | null;
}

/** An image blob's facts, from its header. */
export interface ImageInfo {
  /** As a person sees it: its orientation applied. */
  width: number;
  height: number;
  /** sharp's name of its format ('jpeg', 'png', 'webp', 'gif', 'heif', ...). */
  format: string;
  hasAlpha: boolean;
}

/** Where the renditions reactor and the file routes know it from (it is thrown reading a header, too). */
export { UndecodableImageError };

/**
 * Bump when the same parameters would now give other pixels (another encoder setting): cached
 * renditions of the old pipeline are then made again rather than served.
 */
const PIPELINE_VERSION = 1;

const sixDecimals = (n: number) => Math.round(n * 1e6) / 1e6;

/** The rendition cache's key for a request (see BlobStore.putRendition). */
export function renditionParams(request: RenditionRequest): RenditionParams {
  const params: Record<string, string | number | boolean> = { pipeline: PIPELINE_VERSION, format: request.format };
  if (request.width) params.width = request.width;
  const { crop } = request;
  if (crop) {
    Object.assign(params, {
      cx: sixDecimals(crop.x),
      cy: sixDecimals(crop.y),
      cw: sixDecimals(crop.width),
      ch: sixDecimals(crop.height),
      rotate: sixDecimals(normaliseAngle(crop.rotate)),
      flipX: crop.scaleX < 0,
      flipY: crop.scaleY < 0,
    });
  }
  if (request.aspect) {
    params.aspect = sixDecimals(request.aspect);
    if (!crop && request.focalPoint) Object.assign(params, { fx: sixDecimals(request.focalPoint.x), fy: sixDecimals(request.focalPoint.y) });
  }
  return params;
}

/** The format a rendition keeps when none is asked for: the source's own, else JPEG (PNG with transparency). */
export function sourceFormat(info: ImageInfo): RenditionFormat {
  if (info.format === 'jpeg' || info.format === 'png' || info.format === 'webp') return info.format;
  if (info.format === 'heif') return 'avif';
  return info.hasAlpha ? 'png' : 'jpeg';
}

/**
 * Refuses (V_12, 400) what no rendition can be made of: a width outside 1..MAX_RENDITION_WIDTH, an
 * unknown format, a crop cropParamsSchema would not take (a page may have stored one before the
 * schema was this strict), an aspect ratio out of reach. A request's fault, never a 500.
 */
function checkRequest(request: RenditionRequest): void {
  const { width, crop, aspect } = request;
  if (width != null && (!Number.isSafeInteger(width) || width < 1 || width > MAX_RENDITION_WIDTH)) throw ValidationError.of('V_12', 'w', 'media');
  if (!Object.hasOwn(renditionContentTypes, request.format)) throw ValidationError.of('V_12', 'fm', 'media');
  if (crop && !isValidCrop(crop)) throw ValidationError.of('V_12', 'cropParams', 'media');
  if (aspect != null && !(Number.isFinite(aspect) && aspect >= 0.01 && aspect <= 100)) throw ValidationError.of('V_12', 'aspect', 'media');
}

const INFO_CACHE_SIZE = 1000;

/** Whether a making may wait for a free slot (background work) or is refused when the queue is full (someone waits on it). */
export interface MakeOptions {
  refuseWhenBusy?: boolean;
}

/** A rendition made for one answer and not kept (a crop preview): its bytes, their hash and type. */
export interface RenderedImage {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Renditions of image blobs, made with sharp and kept in the blob store's rendition cache, keyed
 * by the source's hash and the request. One instance per process (renditionsOf): concurrent
 * requests for one rendition share one making (in-flight promises by key), and every making
 * runs through the instance's MakeLimit (`concurrency` at once, `maxQueue` waiting). The cache
 * makes a rendition once across requests; processes do not coordinate, so two of them may
 * each make the same one (the store keeps one). Orientation is applied and metadata dropped.
 * Sources above `maxPixels` are refused by their header before anything is decoded; a source
 * that does not decode caches nothing.
 */
export class ImageRenditions {
  private readonly inFlight = new Map<string, Promise<BlobInfo | null>>();
  private readonly infos = new Map<string, ImageInfo>();
  private readonly maxPixels: number;
  /** How many makings run at once and wait: shared by the reactor, the file routes and the previews of this process. */
  readonly limit: MakeLimit;

  constructor(
    private readonly blobs: BlobStore,
    options: { maxPixels?: number } & MakeLimitOptions = {},
  ) {
    this.maxPixels = options.maxPixels ?? MAX_IMAGE_PIXELS;
    this.limit = new MakeLimit(options);
  }

  /**
   * The rendition's facts, from the cache or made now; null when the source blob is missing.
   * A cached rendition is answered however busy the limit; making one waits for a slot, or with
   * `refuseWhenBusy` throws BusyError when the queue is full.
   */
  async rendition(source: string, request: RenditionRequest, options: MakeOptions = {}): Promise<BlobInfo | null> {
    checkRequest(request);
    const params = renditionParams(request);
    const key = `${source}:${renditionId(params)}`;
    const running = this.inFlight.get(key);
    // A caller that waits its turn does not share another's refusal: it asks again, and queues.
    if (running) return options.refuseWhenBusy ? running : running.catch((error: unknown) => (error instanceof BusyError ? this.rendition(source, request, options) : Promise.reject(error)));
    const work = this.make(source, request, params, options).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /**
   * A rendition made for one answer and not kept in the cache (a crop preview: every distinct
   * crop would otherwise stay on disk for good). Through the same limit as the cached ones;
   * null when the source blob is missing. sharp hands a stream its output in one piece once it
   * is all encoded, so the bytes come as a buffer: their size and hash go into the answer.
   */
  async render(source: string, request: RenditionRequest, options: MakeOptions = {}): Promise<RenderedImage | null> {
    checkRequest(request);
    const info = await this.info(source);
    if (!info) return null;
    return this.limit.run(async () => {
      const original = await this.blobs.get(source);
      if (!original) return null;
      // Read first, then decode: a store's failure stays the store's, sharp's is the image's.
      const input = await buffer(original.stream);
      const bytes = await this.transformer(info, request, input)
        .toBuffer()
        .catch((error: unknown) => {
          throw new UndecodableImageError((error as Error).message, error);
        });
      return { key: createHash('sha256').update(bytes).digest('hex'), bytes, contentType: renditionContentTypes[request.format] };
    }, options);
  }

  /**
   * The image's size (oriented), format and transparency from its header; null when the blob is
   * missing. Throws UndecodableImageError for what is no image, or one of too many pixels.
   */
  async info(source: string): Promise<ImageInfo | null> {
    const known = this.infos.get(source);
    if (known) return known;
    const stat = await this.blobs.stat(source);
    if (!stat) return null;
    const meta = await readImageHeader(this.blobs, source, stat.size);
    if (!meta) return null;
    if (!meta.width || !meta.height) throw new UndecodableImageError('an image without a size');
    if (meta.width * meta.height > this.maxPixels) throw new UndecodableImageError(`${meta.width}×${meta.height} is more than ${this.maxPixels} pixels`);
    const info: ImageInfo = { width: meta.autoOrient.width, height: meta.autoOrient.height, format: meta.format, hasAlpha: meta.hasAlpha };
    if (this.infos.size >= INFO_CACHE_SIZE) this.infos.delete(this.infos.keys().next().value!);
    this.infos.set(source, info);
    return info;
  }

  private async make(source: string, request: RenditionRequest, params: RenditionParams, options: MakeOptions): Promise<BlobInfo | null> {
    const cached = await this.blobs.statRendition(source, params);
    if (cached) return cached;
    return this.limit.run(() => this.makeNow(source, request, params), options);
  }

  private async makeNow(source: string, request: RenditionRequest, params: RenditionParams): Promise<BlobInfo | null> {
    const info = await this.info(source);
    if (!info) return null;
    const original = await this.blobs.get(source);
    if (!original) return null;
    const transformer = this.transformer(info, request);
    // Tell sharp's failures (the image) from the store's (reading the source, writing the rendition).
    let readFailure: unknown = null;
    let imageFailure: unknown = null;
    original.stream.once('error', (error: Error) => (readFailure ??= error));
    transformer.once('error', (error) => (imageFailure ??= error));
    // pipeline, not pipe: a source that fails mid-way fails the rendition instead of hanging it.
    const body: Readable = pipeline(original.stream, transformer, () => undefined);
    try {
      return await this.blobs.putRendition(source, params, body, { contentType: renditionContentTypes[request.format] });
    } catch (error) {
      original.stream.destroy();
      if (imageFailure && imageFailure !== readFailure) throw new UndecodableImageError((imageFailure as Error).message, imageFailure);
      throw error;
    }
  }

  /** sharp's steps for a request: orient, flip, turn, extract, narrow, encode; of `input`, or of what is piped in. */
  private transformer(info: ImageInfo, request: RenditionRequest, input?: Buffer): Sharp {
    const opaque = request.format === 'jpeg';
    const background = opaque ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
    const options = { limitInputPixels: this.maxPixels, autoOrient: true };
    let image = input ? sharp(input, options) : sharp(options);
    let size: Size = { width: info.width, height: info.height };
    let region: Region | null = null;
    const { crop } = request;
    if (crop) {
      // cropperjs scales (flips) before it rotates, and so does sharp: flip and flop come first.
      if (crop.scaleY < 0) image = image.flip();
      if (crop.scaleX < 0) image = image.flop();
      const angle = normaliseAngle(crop.rotate);
      if (angle !== 0) image = image.rotate(angle, { background });
      size = rotatedSize(size, angle);
      region = cropRegion(crop, size);
    }
    if (request.aspect) {
      const within = region ?? { left: 0, top: 0, ...size };
      const inner = focalRegion(within, request.aspect, crop ? null : (request.focalPoint ?? null));
      region = { left: within.left + inner.left, top: within.top + inner.top, width: inner.width, height: inner.height };
    }
    // Always, even when it seems to be the whole image: a turned image may be a pixel larger than `size`.
    if (region) image = image.extract(region);
    if (request.width) image = image.resize({ width: request.width, withoutEnlargement: true });
    if (opaque && info.hasAlpha) image = image.flatten({ background });
    switch (request.format) {
      case 'avif':
        // Effort 2, not sharp's 4: a 2560-px photo in about a second rather than twenty, at a like size.
        return image.avif({ quality: 50, effort: 2 });
      case 'webp':
        return image.webp({ quality: 80 });
      case 'jpeg':
        return image.jpeg({ quality: 82, mozjpeg: true });
      case 'png':
        return image.png({ compressionLevel: 8 });
    }
  }
}

const perStore = new WeakMap<BlobStore, ImageRenditions>();

/**
 * The one ImageRenditions of a blob store in this process, so the renditions reactor and the
 * file routes of one process (the embedded mode) share their in-flight makings and one limit
 * on how many are made at once: a process serves one blob store, so that limit is the process's.
 */
export function renditionsOf(blobs: BlobStore): ImageRenditions {
  let renditions = perStore.get(blobs);
  if (!renditions) perStore.set(blobs, (renditions = new ImageRenditions(blobs)));
  return renditions;
}
