import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockContext } from './block-component';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
export type HeadingTag = `h${HeadingLevel}`;

/** The level a heading block renders at: its own, never above the page's top level. */
export function headingBlockLevel(level: unknown, top: number): HeadingLevel {
  const n = typeof level === 'string' ? Number(level) : level;
  // The block schema defaults the level to 2; a stored value outside 1–6 falls back to that too.
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6) return 2;
  return Math.max(n, top) as HeadingLevel;
}

function headingTag(level: unknown, top: number): HeadingTag {
  return `h${headingBlockLevel(level, top)}`;
}

/** A heading at its level, never above the page's top level (an article's title is its only H1). */
export function HeadingBlock({ block, context }: { block: Block; context: BlockContext }) {
  const Tag = headingTag(block.props.level, context.topHeadingLevel);
  const text = typeof block.props.text === 'string' ? block.props.text : '';
  return <Tag className="block block-heading">{text}</Tag>;
}
