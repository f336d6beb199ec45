import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockTypeId } from '@pagelog/contracts/blocks/block-types';
import { isLinkTarget } from '@pagelog/contracts/blocks/link-target';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { sanitiseRichText } from './sanitise-rich-text';

type Preparer = (props: Record<string, unknown>) => Record<string, unknown>;

/** A link prop as the block registry accepts it (trimmed), or empty: the page never carries another. */
function linkTarget(value: unknown): string {
  return typeof value === 'string' && isLinkTarget(value) ? value.trim() : '';
}

/** Rich text in `html`, sanitised. */
const richText: Preparer = (props) => ({ ...props, html: sanitiseRichText(typeof props.html === 'string' ? props.html : '') });

/** Props that need no server-side work: the component checks them as it renders. */
const asStored: Preparer = (props) => props;

/**
 * Server-side work each block type needs before its props may be rendered and embedded; a block
 * type of the registry without an entry does not compile.
 */
const preparers = {
  heading: asStored,
  text: richText,
  // The image component checks its URL against the image rule as it renders.
  image: asStored,
  imageWithText: richText,
  // Library files and a video's provider and id: the components check them as they render.
  downloads: asStored,
  video: asStored,
  callToAction: (props) => ({ ...props, url: linkTarget(props.url) }),
  // Plain text only: React escapes it as it renders.
  quote: asStored,
  keyFigures: asStored,
  faq: asStored,
  anchorMenu: asStored,
} satisfies Record<BlockTypeId, Preparer>;

function prepareBlock(block: Block): Block {
  const prepare = Object.hasOwn(preparers, block.type) ? (preparers as Record<string, Preparer>)[block.type] : undefined;
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
