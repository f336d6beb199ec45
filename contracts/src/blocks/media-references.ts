import type { Block } from './block';
import { blockType } from './block-types';
import { propWidgets } from './prop-widgets';

/** Where a block uses media: the images and files it shows or offers. */
export interface MediaReferences {
  /** Image addresses from props declared `image`, and the hashes of its block images. */
  images: string[];
  /** File addresses from props declared `file`, and the hashes of its block files. */
  files: string[];
}

/**
 * The media a block refers to, found from what its type declares (props with the `image` or
 * `file` widget) and from its block images and files (`__images`, `__files`, spec section 3),
 * never by reading every string as a possible address. The media library's "where used" and the
 * time-travel rules (decision 0005: media stay while history shows them) read this.
 */
export function mediaReferences(blocks: readonly Block[]): MediaReferences {
  const images = new Set<string>();
  const files = new Set<string>();
  for (const block of blocks) {
    const definition = blockType(block.type);
    if (definition && block.props !== null && typeof block.props === 'object') {
      for (const [name, widget] of propWidgets(definition)) {
        const value = block.props[name];
        if (typeof value !== 'string' || value.trim() === '') continue;
        if (widget === 'image') images.add(value.trim());
        if (widget === 'file') files.add(value.trim());
      }
    }
    for (const image of block.__images ?? []) if (image.hash) images.add(image.hash);
    for (const file of block.__files ?? []) if (file.hash) files.add(file.hash);
  }
  return { images: [...images], files: [...files] };
}
