import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockContext } from './block-component';
import { blockPicture } from './image-block';

/**
 * An image beside rich text (contracts' block type `imageWithText`): the image first in the
 * document (so on a phone it comes above the text), placed left or right of the text from a
 * tablet's width up. The rich text was sanitised on the server (server/prepare-page.ts).
 */
export function ImageWithTextBlock({ block, context }: { block: Block; context: BlockContext }) {
  const picture = blockPicture(block, context);
  const html = typeof block.props.html === 'string' ? block.props.html : '';
  if (picture === null && html === '') return null;
  const side = block.props.imagePosition === 'right' ? 'right' : 'left';
  return (
    <div className={`block block-media-text block-media-text--${side}`}>
      {picture !== null && <div className="block-media-text__media">{picture}</div>}
      <div className="block-media-text__text" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
