import type { FocalPoint } from '@pagelog/contracts/media/media';
import type { CropParams } from '@pagelog/contracts/blocks/block';

/**
 * The arithmetic of crops, apart from sharp so it can be checked without images. Sizes are of
 * the image as a person sees it (its orientation applied).
 */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in whole pixels, as sharp's extract takes it. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** An angle in degrees as 0 ≤ a < 360 (cropperjs may hand out -90 or 450). */
export function normaliseAngle(degrees: number): number {
  const a = degrees % 360;
  return a < 0 ? a + 360 : a;
}

/**
 * The size of the image after turning it by `degrees` clockwise: swapped for a quarter turn, the
 * bounding box otherwise (as cropperjs' canvas and libvips' rotate both make it). Rounded down,
 * so a crop clamped to it never reaches past what libvips made (it rounds to nearest).
 */
export function rotatedSize(size: Size, degrees: number): Size {
  const a = normaliseAngle(degrees);
  if (a === 0 || a === 180) return { ...size };
  if (a === 90 || a === 270) return { width: size.height, height: size.width };
  const r = (a * Math.PI) / 180;
  const cos = Math.abs(Math.cos(r));
  const sin = Math.abs(Math.sin(r));
  return { width: Math.floor(size.width * cos + size.height * sin), height: Math.floor(size.width * sin + size.height * cos) };
}

/**
 * The region of a cropperjs crop (x, y, width, height in pixels of the turned image) inside an
 * image of `size` (already turned), in whole pixels and clamped to the image: a crop box partly
 * outside keeps the part inside, and a crop wholly outside keeps one pixel at the nearest edge.
 */
export function cropRegion(crop: Pick<CropParams, 'x' | 'y' | 'width' | 'height'>, size: Size): Region {
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  const left = clamp(Math.round(crop.x), 0, size.width - 1);
  const top = clamp(Math.round(crop.y), 0, size.height - 1);
  const right = clamp(Math.round(crop.x + crop.width), left + 1, size.width);
  const bottom = clamp(Math.round(crop.y + crop.height), top + 1, size.height);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The largest region of `aspect` (width / height) inside an image of `size`, placed so the
 * focal point (fractions of width and height; the centre when null) is as near its middle as the
 * image's edges allow.
 */
export function focalRegion(size: Size, aspect: number, focal: FocalPoint | null): Region {
  const fx = focal?.x ?? 0.5;
  const fy = focal?.y ?? 0.5;
  let width = size.width;
  let height = size.height;
  if (size.width / size.height > aspect) width = Math.max(1, Math.min(size.width, Math.round(size.height * aspect)));
  else height = Math.max(1, Math.min(size.height, Math.round(size.width / aspect)));
  const place = (centre: number, length: number, total: number) => Math.min(Math.max(Math.round(centre * total - length / 2), 0), total - length);
  return { left: place(fx, width, size.width), top: place(fy, height, size.height), width, height };
}
