import { boolean, number, object, string, type ObjectSchema } from 'yup';
import type { BlockFile, BlockImage, CropParams } from './block';

/**
 * The schemas of a block's `__images` and `__files` (spec section 3), next to the Block types
 * they check. One file for both, since they share the hash and the file name.
 */

/** A SHA-256 digest in hex, as the media library names stored content. */
const sha256Pattern = /^[0-9a-f]{64}$/;
/** A file name: no path separators, no control characters. */
const fileNamePattern = /^[^/\\\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+$/;
/** An id as the product makes them (UUIDs): letters, digits, `-`, `_` and `.`. */
const idPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const hash = () => string().required('V_01').matches(sha256Pattern, 'V_12');
const fileName = () => string().required('V_01').max(254, 'V_11').matches(fileNamePattern, 'V_12');

/**
 * The largest crop coordinate or size, and the largest size a use may show, in pixels. MAX_IMAGE_PIXELS
 * would let a strip of an image be wider still, but no photo is (JPEG stops at 65,535 pixels a
 * side, WebP at 16,383); a bound keeps every crop a number sharp and the page can work with.
 */
export const MAX_IMAGE_SIDE = 100_000;
/** How far a crop may turn the image, in degrees either way (cropperjs hands out -90 as well as 270). */
export const MAX_CROP_TURN = 360;

const number_ = () => number().typeError('V_12').required('V_01');
const coordinate = () => number_().min(-MAX_IMAGE_SIDE, 'V_12').max(MAX_IMAGE_SIDE, 'V_12');
const extent = () => number_().moreThan(0, 'V_12').max(MAX_IMAGE_SIDE, 'V_12');
/** A flip (-1) or none (1): cropperjs' scale is only ever one of these; 0 would squash the image away. */
const scale = () => number_().oneOf([-1, 1], 'V_12');
/** A fraction of an image's width or height (a focal point). */
const fraction = () => number_().min(0, 'V_12').max(1, 'V_12');
/** A size in pixels, as the library reads it from an image. */
const pixels = () => number().typeError('V_12').integer('V_12').min(1, 'V_12').max(MAX_IMAGE_SIDE, 'V_12').optional();

/** cropperjs' data of a use's crop: a box of positive size within reach of any image, a bounded turn, flips of ±1. */
export const cropParamsSchema: ObjectSchema<CropParams> = object({
  x: coordinate(),
  y: coordinate(),
  width: extent(),
  height: extent(),
  rotate: number_().min(-MAX_CROP_TURN, 'V_12').max(MAX_CROP_TURN, 'V_12'),
  scaleX: scale(),
  scaleY: scale(),
});

/**
 * Whether a crop is one cropParamsSchema takes, for crops that come from stored events rather
 * than a request (a page saved before the schema was this strict): they are refused (V_12),
 * never handed to sharp.
 */
export function isValidCrop(crop: CropParams): boolean {
  const within = (n: unknown, lo: number, hi: number) => typeof n === 'number' && Number.isFinite(n) && n >= lo && n <= hi;
  return (
    within(crop.x, -MAX_IMAGE_SIDE, MAX_IMAGE_SIDE) &&
    within(crop.y, -MAX_IMAGE_SIDE, MAX_IMAGE_SIDE) &&
    within(crop.width, Number.MIN_VALUE, MAX_IMAGE_SIDE) &&
    within(crop.height, Number.MIN_VALUE, MAX_IMAGE_SIDE) &&
    within(crop.rotate, -MAX_CROP_TURN, MAX_CROP_TURN) &&
    (crop.scaleX === 1 || crop.scaleX === -1) &&
    (crop.scaleY === 1 || crop.scaleY === -1)
  );
}

export const blockImageSchema: ObjectSchema<BlockImage> = object({
  hash: hash(),
  fileName: fileName(),
  altText: string().default('').max(254, 'V_11'),
  fileID: string().required('V_01').max(64, 'V_12').matches(idPattern, 'V_12'),
  cropParams: cropParamsSchema.default(undefined).optional(),
  decorative: boolean().typeError('V_12').optional(),
  width: pixels(),
  height: pixels(),
  focalPoint: object({ x: fraction(), y: fraction() }).default(undefined).optional(),
});

export const blockFileSchema: ObjectSchema<BlockFile> = object({
  hash: hash(),
  fileName: fileName(),
  size: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
  // A media type as `type/subtype`, nothing the site could not show as text.
  contentType: string().max(127, 'V_12').matches(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i, 'V_12').optional(),
});
