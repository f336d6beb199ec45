import type { FocalPoint } from '../media/media';

/** How one use of an image is cropped (cropperjs' data, in the source image's pixels; spec section 3). */
export interface CropParams {
  x: number;
  y: number;
  width: number;
  height: number;
  rotate: number;
  scaleX: number;
  scaleY: number;
}

/** A block image as pages store it (spec section 3), with what the site needs to show it well. */
export interface BlockImage {
  hash: string;
  fileName: string;
  /** This use's alternative text: the item's default when picked, which the editor may override. */
  altText: string;
  fileID: string;
  cropParams?: CropParams;
  /** Marked as decoration: the site gives it an empty alternative text, whatever altText holds. */
  decorative?: boolean;
  /**
   * The size in pixels of what the page shows (the crop's size for a cropped use), when known:
   * the site sets width and height from it, so the page does not shift as the image loads.
   */
  width?: number;
  height?: number;
  /**
   * The item's focal point when it was picked (fractions of the image): what an automatic crop of
   * this use (the SEO image's, for link previews) keeps in view. Kept with the use, so the address
   * the site writes can name it; without one, the item's current focal point steers.
   */
  focalPoint?: FocalPoint;
}

/** A block file as pages store it (spec section 3); size and type, when known, are shown beside the link. */
export interface BlockFile {
  hash: string;
  fileName: string;
  /** Bytes. */
  size?: number;
  contentType?: string;
}

export interface Block {
  type: string;
  key: string;
  props: Record<string, unknown>;
  /** An id for in-page links; empty when none. */
  anchorPoint: string;
  __images?: BlockImage[];
  __files?: BlockFile[];
}
