import { open } from 'node:fs/promises';
import sharp from 'sharp';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { IMAGE_HEAD_BYTES, imageContentTypes, sniffImageFormat, type ImageFormat } from './image-format';

/** An image as it arrived: bytes in memory, or a file (an upload's temp file) that sharp reads from disk. */
export type ImageInput = Buffer | { path: string; size: number };

/** What one kind of image upload (a profile image, a media file) takes, and the codes it refuses with. */
export interface ImagePolicy {
  formats: readonly ImageFormat[];
  maxBytes: number;
  maxWidth: number;
  maxHeight: number;
  /** Where a refusal points. */
  property: string;
  model: string;
  codes: {
    /** No bytes (400). */
    empty: string;
    /** More than maxBytes (413). */
    tooLarge: string;
    /** Not one of `formats` by its bytes (415). */
    unsupported: string;
    /** Says it is an image and is not a whole, valid one (400). */
    invalid: string;
    /** Wider than maxWidth or higher than maxHeight (400). */
    tooManyPixels: string;
  };
}

export interface CheckedImage {
  format: ImageFormat;
  contentType: string;
  width: number;
  height: number;
}

// sharp (libheif) calls an AVIF file heif.
const sharpFormat: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

/**
 * Checks an image against a policy before anything decodes it: its size; its format from its
 * first bytes, never from a file name or a declared type; then its dimensions from the header
 * alone (no pixel is decoded), so a small file declaring a huge image is refused without
 * allocating for it.
 */
export async function checkImage(input: ImageInput, policy: ImagePolicy): Promise<CheckedImage> {
  const { property, model, codes } = policy;
  const size = Buffer.isBuffer(input) ? input.length : input.size;
  if (size === 0) throw ValidationError.of(codes.empty, property, model);
  if (size > policy.maxBytes) throw new PayloadTooLargeError(codes.tooLarge, property, model);
  const format = sniffImageFormat(await headOf(input));
  if (!format || !policy.formats.includes(format)) throw new UnsupportedMediaTypeError(property, model, codes.unsupported);

  // Header only: no pixel limit is needed (or wanted: the default one would call a declared
  // 20000×20000 image "invalid" rather than "too large").
  const header = await sharp(sourceOf(input), { limitInputPixels: false }).metadata().catch(() => null);
  if (!header || header.format !== sharpFormat[format] || !header.width || !header.height) throw ValidationError.of(codes.invalid, property, model);
  if (header.width > policy.maxWidth || header.height > policy.maxHeight) throw ValidationError.of(codes.tooManyPixels, property, model);
  return { format, contentType: imageContentTypes[format], width: header.width, height: header.height };
}

/**
 * Decodes a checked image and encodes it again in its own format, so what is stored and served
 * is an image this process produced: EXIF orientation applied, all metadata (EXIF, GPS, ICC,
 * comments) dropped, the first frame of an animation. The decoder is capped at the policy's
 * pixels in case the header lied, and a truncated file is refused rather than padded with grey.
 */
export async function reencodeImage(input: ImageInput, checked: CheckedImage, policy: ImagePolicy): Promise<{ bytes: Buffer; width: number; height: number }> {
  const image = sharp(sourceOf(input), { limitInputPixels: policy.maxWidth * policy.maxHeight, failOn: 'warning' }).rotate();
  const encoded =
    checked.format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: true })
    : checked.format === 'png' ? image.png({ compressionLevel: 9 })
    : checked.format === 'webp' ? image.webp({ quality: 90 })
    : checked.format === 'gif' ? image.gif()
    : image.avif({ quality: 60 });
  const output = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw ValidationError.of(policy.codes.invalid, policy.property, policy.model);
  });
  return { bytes: output.data, width: output.info.width, height: output.info.height };
}

const sourceOf = (input: ImageInput): Buffer | string => (Buffer.isBuffer(input) ? input : input.path);

async function headOf(input: ImageInput): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, IMAGE_HEAD_BYTES);
  const handle = await open(input.path, 'r');
  try {
    const head = Buffer.alloc(IMAGE_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, IMAGE_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
