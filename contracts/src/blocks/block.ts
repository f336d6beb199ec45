/** A block image as pages store it (spec section 3). */
export interface BlockImage {
  hash: string;
  fileName: string;
  altText: string;
  fileID: string;
  cropParams?: { x: number; y: number; width: number; height: number; rotate: number; scaleX: number; scaleY: number };
}

export interface BlockFile {
  hash: string;
  fileName: string;
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
