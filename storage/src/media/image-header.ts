import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import sharp, { type Metadata } from 'sharp';
import { DomainError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { BlobStore } from '../blob-store/blob-store';

/** How many leading bytes usually hold an image's header (a JPEG's Exif comes before its size). */
export const HEAD_BYTES = 256 * 1024;

/** The blob is not an image sharp can make renditions of (broken, not an image, or a decompression bomb). */
export class UndecodableImageError extends DomainError {
  readonly status = 415;
  constructor(reason: string, cause?: unknown) {
    super([errorItem('ML_11', 'hash', 'media')], `cannot make a rendition: ${reason}`);
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/** sharp's reading of a header, with no pixel limit: the size is judged by the caller, with a clearer refusal. */
const headerOf = (input: Buffer | string) =>
  sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new UndecodableImageError('not an image', error);
    });

/**
 * An image blob's header as sharp reads it, holding at most HEAD_BYTES of it in memory: a small
 * blob is read whole, a larger one by its first bytes. A header that is not all in them (a
 * JPEG with a huge block of metadata before its size, an AVIF whose meta box comes after its
 * pixels) is read from a temporary copy on disk, where libvips reads only what it needs,
 * rather than from the whole blob in memory (up to MAX_MEDIA_BYTES). Null when the blob is
 * missing; throws UndecodableImageError for what is no image (a store's failure stays its own).
 */
export async function readImageHeader(blobs: BlobStore, source: string, size: number): Promise<Metadata | null> {
  if (size > HEAD_BYTES) {
    const head = await blobs.get(source, { range: { start: 0, end: HEAD_BYTES - 1 } });
    if (!head) return null;
    const meta = await headerOf(await buffer(head.stream)).catch(() => null);
    if (meta?.width && meta.height) return meta;
    return readFromDisk(blobs, source);
  }
  const whole = await blobs.get(source);
  return whole ? headerOf(await buffer(whole.stream)) : null;
}

async function readFromDisk(blobs: BlobStore, source: string): Promise<Metadata | null> {
  const dir = await mkdtemp(join(tmpdir(), 'pagelog-image-header-'));
  try {
    const content = await blobs.get(source);
    if (!content) return null;
    const file = join(dir, 'image');
    await pipeline(content.stream, createWriteStream(file));
    return await headerOf(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
