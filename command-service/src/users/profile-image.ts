import sharp from 'sharp';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';

export interface ProfileImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

const property = PROFILE_IMAGE.field;
const model = 'user';
const maxPixels = PROFILE_IMAGE.maxWidth * PROFILE_IMAGE.maxHeight;

const formats = [
  { format: 'jpeg', contentType: 'image/jpeg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  { format: 'png', contentType: 'image/png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
] as const;

/**
 * Checks an uploaded profile image and re-encodes it, so what is stored and served is an image
 * this process produced: EXIF orientation applied, all metadata (EXIF, GPS, ICC, comments)
 * dropped, same format.
 *
 * The format comes from the bytes, never from a file name or a declared type. The dimensions are
 * read from the header before any pixel is decoded, so a small file that declares a huge image
 * is refused without allocating for it; the decoder is also capped at 1024×1024 pixels in case
 * the header lied.
 */
export async function processProfileImage(bytes: Buffer): Promise<ProfileImage> {
  if (bytes.length === 0) throw ValidationError.of('V_17', property, model);
  if (bytes.length > PROFILE_IMAGE.maxBytes) throw new PayloadTooLargeError('UM_05', property, model);
  const kind = formats.find((f) => bytes.length >= f.magic.length && bytes.subarray(0, f.magic.length).equals(f.magic));
  if (!kind) throw new UnsupportedMediaTypeError(property, model, 'UM_06');

  // Header only: no pixel limit is needed (or wanted: the default one would call a declared
  // 20000×20000 image "invalid" rather than "too large").
  const header = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header || header.format !== kind.format || !header.width || !header.height) throw invalid();
  if (header.width > PROFILE_IMAGE.maxWidth || header.height > PROFILE_IMAGE.maxHeight) {
    throw ValidationError.of('UM_08', property, model);
  }

  // failOn 'warning': a truncated JPEG only warns, and would otherwise come out padded with grey.
  const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning' }).rotate();
  const encoded = kind.format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png({ compressionLevel: 9 });
  const output = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw invalid();
  });
  return { bytes: output.data, contentType: kind.contentType, width: output.info.width, height: output.info.height };
}

const invalid = () => ValidationError.of('UM_07', property, model);
