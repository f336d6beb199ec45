import type { Block } from '@pagelog/contracts/blocks/block';
import { isImageSource } from '@pagelog/contracts/blocks/link-target';

/** The one link rule for images: a path on this site or an http(s) URL (never //host, javascript:, data:). */
function safeImageUrl(value: unknown): string | null {
  return typeof value === 'string' && isImageSource(value) ? value.trim() : null;
}

export function ImageBlock({ block }: { block: Block }) {
  const url = safeImageUrl(block.props.url);
  if (url === null) return null;
  const alt = typeof block.props.alt === 'string' ? block.props.alt : '';
  const caption = typeof block.props.caption === 'string' ? block.props.caption : '';
  return (
    <figure className="block block-image">
      <img src={url} alt={alt} loading="lazy" />
      {caption !== '' && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
