import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockTypeId } from '@pagelog/contracts/blocks/block-types';
import { isLinkTarget } from '@pagelog/contracts/blocks/link-target';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import type { PrepareContext } from './prepare-context';
import { sanitiseRichText } from './sanitise-rich-text';

/**
 * What a block type's props need before they may be rendered: checked, sanitised, or completed
 * with what the block shows of other pages (read through the context, which records the cache
 * tags of what it read).
 */
type Preparer = (props: Record<string, unknown>, block: Block, context: PrepareContext) => Record<string, unknown> | Promise<Record<string, unknown>>;

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

async function prepareBlock(block: Block, context: PrepareContext): Promise<Block> {
  const prepare = Object.hasOwn(preparers, block.type) ? (preparers as Record<string, Preparer>)[block.type] : undefined;
  return prepare ? { ...block, props: await prepare(block.props ?? {}, block, context) } : block;
}

/**
 * The page as it enters the page state: rich text sanitised, link props checked against the block
 * registry's rule, and what blocks show of other pages read, so server and client render the same,
 * safe markup.
 */
export async function preparePage(page: PublicPageView, context: PrepareContext): Promise<PublicPageView> {
  const blocks = Array.isArray(page.pageVersion.blocks) ? page.pageVersion.blocks : [];
  return { ...page, pageVersion: { ...page.pageVersion, blocks: await Promise.all(blocks.map((block) => prepareBlock(block, context))) } };
}
