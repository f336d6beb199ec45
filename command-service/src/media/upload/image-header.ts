import { ValidationError } from '@pagelog/contracts/domain-errors';
import { MAX_IMAGE_PIXELS } from '@pagelog/contracts/media/media';
import type { BlobInfo, BlobStore } from '@pagelog/storage/blob-store/blob-store';
import { readImageHeader, UndecodableImageError } from '@pagelog/storage/media/image-header';
import type { SniffedMediaType } from '../../core/uploads/sniff-media-type';

/**
 * The displayed size of a stored raster image from its header alone (sharp's metadata decodes
 * no pixel; readImageHeader holds at most its first bytes in memory), so a small file that
 * declares a huge image (a decompression bomb) is refused before anything allocates for it.
 * EXIF orientations 5 to 8 turn the image a quarter: width and height swap. V_12 on `property`
 * for a header that is not the sniffed format, or one above MAX_IMAGE_PIXELS.
 */
export async function imageHeader(blobs: BlobStore, blob: BlobInfo, format: NonNullable<SniffedMediaType['raster']>, property: string, model: string): Promise<{ width: number; height: number }> {
  const header = await readImageHeader(blobs, blob.key, blob.size).catch((error: unknown) => {
    if (error instanceof UndecodableImageError) return null;
    throw error; // the store's failure stays its own
  });
  if (!header || header.format !== format || !header.width || !header.height) throw ValidationError.of('V_12', property, model);
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw ValidationError.of('V_12', property, model);
  const turned = (header.orientation ?? 1) >= 5;
  return turned ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
}
