import type { Block } from '@pagelog/contracts/blocks/block';
import { isLinkTarget } from '@pagelog/contracts/blocks/block-types';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { sanitiseRichText } from './sanitise-rich-text';

type Preparer = (props: Record<string, unknown>) => Record<string, unknown>;

/** A link prop as the block registry accepts it (trimmed), or empty: the page never carries another. */
function linkTarget(value: unknown): string {
  return typeof value === 'string' && isLinkTarget(value) ? value.trim() : '';
}

/** Server-side work a block type needs before its props may be rendered and embedded. */
const preparers: ReadonlyMap<string, Preparer> = new Map<string, Preparer>([
  ['text', (props) => ({ ...props, html: sanitiseRichText(typeof props.html === 'string' ? props.html : '') })],
  ['callToAction', (props) => ({ ...props, url: linkTarget(props.url) })],
]);

function prepareBlock(block: Block): Block {
  const prepare = preparers.get(block.type);
  return prepare ? { ...block, props: prepare(block.props ?? {}) } : block;
}

/**
 * The page as it enters the page state: rich text sanitised and link props checked against the
 * block registry's rule, so server and client render the same, safe markup.
 */
export function preparePage(page: PublicPageView): PublicPageView {
  const blocks = Array.isArray(page.pageVersion.blocks) ? page.pageVersion.blocks : [];
  return { ...page, pageVersion: { ...page.pageVersion, blocks: blocks.map(prepareBlock) } };
}
