import { pipeline } from 'node:stream';
import sharp from 'sharp';
import type { BlobInfo, BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { imageContentTypes } from './image-format';

/** A rendition of an image: at most `width` pixels wide (never enlarged), in `format`. */
export interface ImageRenditionParams {
  width: number;
  format: 'webp' | 'avif' | 'jpeg' | 'png';
}

/**
 * The rendition of an image blob, from the store's rendition cache (keyed by the source's hash and
 * these parameters) or made now and cached: the source streams out of the store through sharp
 * (orientation applied, metadata dropped, resized) into the cache. sharp holds the compressed
 * source while it decodes, so sources are bounded by what uploads may be. Null when the source is
 * not there; a source that does not decode rejects with sharp's error and caches nothing.
 */
export async function imageRendition(blobs: BlobStore, source: string, params: ImageRenditionParams): Promise<BlobInfo | null> {
  if (!Number.isSafeInteger(params.width) || params.width < 1 || params.width > 8192) throw new RangeError(`width ${params.width} is not a rendition width`);
  const key = { width: params.width, format: params.format };
  const cached = await blobs.statRendition(source, key);
  if (cached) return cached;
  const original = await blobs.get(source);
  if (!original) return null;
  const resize = sharp({ failOn: 'warning' }).rotate().resize({ width: params.width, withoutEnlargement: true });
  const encoded =
    params.format === 'webp' ? resize.webp({ quality: 80 })
    : params.format === 'avif' ? resize.avif({ quality: 50 })
    : params.format === 'jpeg' ? resize.jpeg({ quality: 82, mozjpeg: true })
    : resize.png({ compressionLevel: 9 });
  // pipeline, not pipe: a source that fails mid-way fails the rendition instead of hanging it.
  const rendered = pipeline(original.stream, encoded, () => undefined);
  return blobs.putRendition(source, key, rendered, { contentType: imageContentTypes[params.format] });
}
