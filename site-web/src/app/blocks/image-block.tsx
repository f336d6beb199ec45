import type { Block } from '@pagelog/contracts/blocks/block';

/** Accepts http(s) URLs and URLs relative to the site; anything else (javascript:, data:) is dropped. */
function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const { protocol } = new URL(value.trim(), 'http://relative.invalid/');
    return protocol === 'http:' || protocol === 'https:' ? value.trim() : null;
  } catch {
    return null;
  }
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
