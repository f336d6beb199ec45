import type { BlockTypeId } from '@pagelog/contracts/blocks/block-types';
import type { BlockComponent } from './block-component';
import { CallToActionBlock } from './call-to-action-block';
import { DownloadsBlock } from './downloads-block';
import { HeadingBlock } from './heading-block';
import { ImageBlock } from './image-block';
import { TextBlock } from './text-block';
import { VideoBlock } from './video-block';

/**
 * The component that renders each block type of contracts' block registry: a type without one
 * does not compile. Looked up by own property only (see block-list.tsx), so a stored type such
 * as "constructor" cannot hit a prototype member.
 */
export const blockRenderers = {
  heading: HeadingBlock,
  text: TextBlock,
  image: ImageBlock,
  downloads: DownloadsBlock,
  video: VideoBlock,
  callToAction: CallToActionBlock,
} satisfies Record<BlockTypeId, BlockComponent>;
