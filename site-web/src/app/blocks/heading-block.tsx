import type { Block } from '@pagelog/contracts/blocks/block';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function headingTag(level: unknown): HeadingTag {
  const n = typeof level === 'string' ? Number(level) : level;
  // The block schema defaults the level to 2; a stored value outside 1–6 falls back to that too.
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6) return 'h2';
  return `h${n}` as HeadingTag;
}

export function HeadingBlock({ block }: { block: Block }) {
  const Tag = headingTag(block.props.level);
  const text = typeof block.props.text === 'string' ? block.props.text : '';
  return <Tag className="block block-heading">{text}</Tag>;
}
