import type { Block } from '@pagelog/contracts/blocks/block';
import { isImageSource } from '@pagelog/contracts/blocks/link-target';
import type { BlockContext } from './block-component';
import { LibraryPicture } from './library-picture';

/** The one link rule for images: a path on this site or an http(s) URL (never //host, javascript:, data:). */
function safeImageUrl(value: unknown): string | null {
  return typeof value === 'string' && isImageSource(value) ? value.trim() : null;
}

/** The image of the block: its library image when it has one, else its external image, else nothing. */
export function blockPicture(block: Block, context: BlockContext) {
  const priority = context.priorityImageKey === block.key;
  const image = block.__images?.[0];
  if (image !== undefined) return <LibraryPicture pageID={context.pageID} blockKey={block.key} image={image} priority={priority} />;
  const url = safeImageUrl(block.props.externalUrl);
  if (url === null) return null;
  const alt = typeof block.props.alt === 'string' ? block.props.alt : '';
  return priority ? <img src={url} alt={alt} loading="eager" decoding="async" fetchPriority="high" /> : <img src={url} alt={alt} loading="lazy" decoding="async" />;
}

export function ImageBlock({ block, context }: { block: Block; context: BlockContext }) {
  const picture = blockPicture(block, context);
  if (picture === null) return null;
  const caption = typeof block.props.caption === 'string' ? block.props.caption : '';
  return (
    <figure className="block block-image">
      {picture}
      {caption !== '' && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
