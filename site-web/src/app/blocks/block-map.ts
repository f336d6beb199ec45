import type { BlockComponent } from './block-component';
import { CallToActionBlock } from './call-to-action-block';
import { HeadingBlock } from './heading-block';
import { ImageBlock } from './image-block';
import { TextBlock } from './text-block';

/**
 * The block types the public site can render, keyed by the type id of contracts' block registry.
 * A Map rather than an object so that a stored type such as "constructor" cannot hit a prototype
 * member.
 */
export const blockMap: ReadonlyMap<string, BlockComponent> = new Map<string, BlockComponent>([
  ['heading', HeadingBlock],
  ['text', TextBlock],
  ['image', ImageBlock],
  ['callToAction', CallToActionBlock],
]);
