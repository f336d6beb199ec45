import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { sanitiseRichText } from './sanitise-rich-text';

/** Server-side work a block type needs before its props may be rendered and embedded. */
const preparers: ReadonlyMap<string, (props: Record<string, unknown>) => Record<string, unknown>> = new Map([
  ['text', (props: Record<string, unknown>) => ({ ...props, html: sanitiseRichText(typeof props.html === 'string' ? props.html : '') })],
]);

function prepareBlock(block: Block): Block {
  const prepare = preparers.get(block.type);
  return prepare ? { ...block, props: prepare(block.props ?? {}) } : block;
}

/** The page as it enters the page state: rich text sanitised, so server and client render it alike. */
export function preparePage(page: PublicPageView): PublicPageView {
  const blocks = Array.isArray(page.pageVersion.blocks) ? page.pageVersion.blocks : [];
  return { ...page, pageVersion: { ...page.pageVersion, blocks: blocks.map(prepareBlock) } };
}
