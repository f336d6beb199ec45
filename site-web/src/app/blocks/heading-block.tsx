import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockContext } from './block-component';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function headingTag(level: unknown, top: number): HeadingTag {
  const n = typeof level === 'string' ? Number(level) : level;
  // The block schema defaults the level to 2; a stored value outside 1–6 falls back to that too.
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6) return 'h2';
  return `h${Math.max(n, top)}` as HeadingTag;
}

/** A heading at its level, never above the page's top level (an article's title is its only H1). */
export function HeadingBlock({ block, context }: { block: Block; context: BlockContext }) {
  const Tag = headingTag(block.props.level, context.topHeadingLevel);
  const text = typeof block.props.text === 'string' ? block.props.text : '';
  return <Tag className="block block-heading">{text}</Tag>;
}
