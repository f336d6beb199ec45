import { number, object, string, type ObjectSchema } from 'yup';
import type { BlockFile, BlockImage } from './block';

/**
 * The schemas of a block's `__images` and `__files` (spec section 3), next to the Block types
 * they check. One file for both, since they share the hash and the file name.
 */

/** A SHA-256 digest in hex, as the media library names stored content. */
const sha256Pattern = /^[0-9a-f]{64}$/;
/** A file name: no path separators, no control characters. */
const fileNamePattern = /^[^/\\\u0000-\u001f\u007f]+$/;
/** An id as the product makes them (UUIDs): letters, digits, `-`, `_` and `.`. */
const idPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const hash = () => string().required('V_01').matches(sha256Pattern, 'V_12');
const fileName = () => string().required('V_01').max(254, 'V_11').matches(fileNamePattern, 'V_12');
const coordinate = () => number().typeError('V_12').required('V_01');

export const blockImageSchema: ObjectSchema<BlockImage> = object({
  hash: hash(),
  fileName: fileName(),
  altText: string().default('').max(254, 'V_11'),
  fileID: string().required('V_01').max(64, 'V_12').matches(idPattern, 'V_12'),
  cropParams: object({
    x: coordinate(),
    y: coordinate(),
    width: coordinate(),
    height: coordinate(),
    rotate: coordinate(),
    scaleX: coordinate(),
    scaleY: coordinate(),
  })
    .default(undefined)
    .optional(),
});

export const blockFileSchema: ObjectSchema<BlockFile> = object({
  hash: hash(),
  fileName: fileName(),
});
