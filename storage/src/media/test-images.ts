import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** Images for the media specs (storage, projector, server), made in memory. */

/** Raw RGB pixels whose every pixel differs from its neighbours, so a crop one pixel off shows. */
export function patternPixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 5) % 256;
      pixels[i + 1] = (y * 3) % 256;
      pixels[i + 2] = ((x + 2 * y) * 2) % 256;
    }
  }
  return pixels;
}

/** The pattern as an encoded image (PNG by default); `orientation` writes an Exif orientation tag. */
export async function patternImage(width: number, height: number, options: { format?: 'png' | 'jpeg'; orientation?: number } = {}): Promise<Buffer> {
  let image = sharp(patternPixels(width, height), { raw: { width, height, channels: 3 } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return options.format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

/** An image's pixels as raw RGB (alpha dropped), with its size. */
export async function rgbOf(image: Buffer | Sharp): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The mean absolute difference of two images' channels (0: the same pixels); Infinity when their sizes differ. */
export async function meanAbsoluteDifference(a: Buffer | Sharp, b: Buffer | Sharp): Promise<number> {
  const [x, y] = await Promise.all([rgbOf(a), rgbOf(b)]);
  if (x.width !== y.width || x.height !== y.height) return Infinity;
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i]! - y.data[i]!);
  return sum / x.data.length;
}

/** A PNG that is only a header: IHDR declaring the given size, a token IDAT and IEND (a decompression bomb's shape). */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A JPEG whose size comes after `padding` bytes of comment segments (COM, at most 65,533 bytes
 * each) right behind its start marker: its header is not in its first bytes, as a JPEG's with a
 * huge block of metadata is not.
 */
export function jpegWithLateHeader(jpeg: Buffer, padding: number): Buffer {
  const segments: Buffer[] = [];
  for (let left = padding; left > 0; left -= 65_533) {
    const size = Math.min(left, 65_533);
    const marker = Buffer.from([0xff, 0xfe, 0, 0]);
    marker.writeUInt16BE(size + 2, 2);
    segments.push(marker, Buffer.alloc(size, 0x20));
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}
