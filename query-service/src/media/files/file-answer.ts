import contentDisposition from 'content-disposition';
import type { Context } from 'koa';
import type { CropParams } from '@pagelog/contracts/blocks/block';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { FileBody } from '@pagelog/contracts/endpoints';
import { RENDITION_WIDTHS, type FocalPoint, type RenditionFormat } from '@pagelog/contracts/media/media';
import type { BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { MAX_RENDITION_WIDTH, renditionParams, sourceFormat, type ImageRenditions, type RenditionRequest } from '@pagelog/storage/media/image-renditions';
import { bufferedBlob, serveBlob, storedBlob, storedRendition, type ServableBlob } from '@pagelog/service-kit/http/serve-blob';

/**
 * How the media routes answer with a file: the stored bytes or a rendition of them, with the
 * headers every file answer carries (strong ETag, 304 and Range come from serveBlob).
 */

/**
 * An SVG may hold script: it is only ever an attachment, and should a browser open it anyway it
 * runs sandboxed with nothing to load. An <img> still shows it (images run no script).
 */
export const SVG_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Types sharp makes renditions of. SVG is never rasterised; a GIF is served as it is, so it keeps moving. */
const rasterTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
/** Types a browser shows inline; everything else (documents, SVG) is an attachment. */
const inlineTypes = new Set([...rasterTypes, 'image/gif']);

const extensions: Record<RenditionFormat, string> = { avif: '.avif', webp: '.webp', jpeg: '.jpg', png: '.png' };

const notFound = () => new NotFoundError('V_12', 'hash', 'media');

/** What a request for an image asks besides the file: width, format, crop, automatic crop. */
export interface ImageAsk {
  w?: string;
  fm?: RenditionFormat;
  crop?: CropParams | null;
  /** An automatic crop to this aspect ratio (width / height), for a use without a crop: the caller leaves it out when there is one. */
  aspect?: number | null;
  /** What the automatic crop keeps in view; the centre when null. */
  focalPoint?: FocalPoint | null;
  /** Widths this use may be asked at besides the declared ones and the original's (the use's own width). */
  widths?: readonly (number | undefined)[];
}

/**
 * The rendition to answer with, or null for the stored bytes: SVGs, GIFs and documents are always
 * served as stored; an image as stored unless a width, a format, a crop or an automatic crop (an
 * aspect ratio, around a focal point; ignored when there is a crop) is asked. Widths are the
 * declared ones (RENDITION_WIDTHS), the original's, the crop's and the use's own, none past
 * MAX_RENDITION_WIDTH: anything else is refused (V_12), so nobody fills the cache with a
 * rendition per pixel. A crop no rendition can be made of is refused (V_12) when it is made.
 */
export async function renditionFor(renditions: ImageRenditions, hash: string, contentType: string, ask: ImageAsk): Promise<RenditionRequest | null> {
  if (!rasterTypes.has(contentType)) return null;
  const crop = ask.crop ?? null;
  let aspect = crop ? null : (ask.aspect ?? null);
  if (ask.w === undefined && ask.fm === undefined && !crop && aspect === null) return null;
  const info = await renditions.info(hash);
  if (!info) throw notFound();
  // Ratios are asked in hundredths: an image already that shape (16:9 asked as 1.78) keeps all its pixels.
  if (aspect !== null && Math.abs(info.width / info.height - aspect) < 0.005) aspect = null;
  if (aspect === null && ask.w === undefined && ask.fm === undefined && !crop) return null;
  const width = ask.w === undefined ? null : Number(ask.w);
  if (width !== null) {
    const allowed = new Set<number>([...RENDITION_WIDTHS, info.width, ...(crop ? [Math.round(crop.width)] : []), ...(ask.widths ?? []).filter((w) => w !== undefined)]);
    if (!allowed.has(width) || width > MAX_RENDITION_WIDTH) throw ValidationError.of('V_12', 'w', 'media');
  }
  return { width, format: ask.fm ?? sourceFormat(info), crop, ...(aspect === null ? {} : { aspect, focalPoint: ask.focalPoint ?? null }) };
}

export interface FileAnswer {
  hash: string;
  /** The stored bytes' content type (judged by their magic bytes at upload). */
  contentType: string;
  rendition: RenditionRequest | null;
  /** The name the answer is saved under; a rendition's takes the extension of its format. */
  fileName: string;
  cacheControl: string;
  /** Asked as a download: an attachment even for an image. */
  download?: boolean;
  /** The rendition is made for this answer only and not kept in the cache (a crop preview). */
  uncached?: boolean;
}

/** The name of a file saved in another format: `foto.jpg` as WebP is `foto.webp`. */
export function nameInFormat(fileName: string, format: RenditionFormat): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName) + extensions[format];
}

/**
 * The plain-ASCII name for clients that do not read filename*: accents dropped, anything else
 * outside printable ASCII as `_`. Any name that is not plain ASCII then also goes as filename*
 * (RFC 5987, UTF-8), Latin-1 ones included, which headers would otherwise carry as raw bytes.
 */
function asciiFallback(fileName: string): string {
  return fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
}

/** The stored content type of a blob; 404 when there is no such blob. */
export async function storedTypeOf(blobs: BlobStore, hash: string): Promise<string> {
  const info = await blobs.stat(hash);
  if (!info) throw notFound();
  return info.contentType;
}

/**
 * The bytes to answer with: the stored ones, a cached rendition, or one made for this answer
 * only. A rendition that has to be made now waits for a free slot of the process's limit, or is
 * refused (503, Retry-After) when too many already wait: someone is waiting on this answer.
 */
async function servableOf(blobs: BlobStore, renditions: ImageRenditions, answer: FileAnswer): Promise<ServableBlob | null> {
  const { hash, rendition } = answer;
  if (!rendition) return storedBlob(blobs, hash);
  if (answer.uncached) {
    const made = await renditions.render(hash, rendition, { refuseWhenBusy: true });
    return made ? bufferedBlob(made.key, made.bytes, made.contentType) : null;
  }
  return (await renditions.rendition(hash, rendition, { refuseWhenBusy: true })) ? storedRendition(blobs, hash, renditionParams(rendition)) : null;
}

/** Sends the file (or its rendition) with its headers. */
export async function sendFile(ctx: Context, blobs: BlobStore, renditions: ImageRenditions, answer: FileAnswer): Promise<FileBody> {
  const { rendition } = answer;
  const servable = await servableOf(blobs, renditions, answer);
  if (!servable) throw notFound();
  const svg = servable.contentType === 'image/svg+xml' || answer.contentType === 'image/svg+xml';
  const inline = !svg && !answer.download && inlineTypes.has(servable.contentType);
  const fileName = rendition ? nameInFormat(answer.fileName, rendition.format) : answer.fileName;
  ctx.set('Content-Disposition', contentDisposition(fileName, { type: inline ? 'inline' : 'attachment', fallback: asciiFallback(fileName) }));
  if (svg) ctx.set('Content-Security-Policy', SVG_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', answer.cacheControl);
  return serveBlob(ctx, servable);
}
