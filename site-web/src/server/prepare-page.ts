import { isFormId } from '@pagelog/contracts/forms/forms';
import { gatedDownloadOf, GATED_PROP } from '@pagelog/contracts/forms/gated-download';
import { pageFileGroup } from '@pagelog/contracts/media/media';
import { formIds } from '../app/blocks/form-embed-block';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockTypeId } from '@pagelog/contracts/blocks/block-types';
import { readLinkTarget } from '@pagelog/contracts/blocks/link-target';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import type { PrepareContext } from './prepare-context';
import { prepareCards } from './prepare-cards';
import { withPageLinksResolved } from './resolve-page-links';
import { sanitiseRichText } from './sanitise-rich-text';

/**
 * What a block type's props need before they may be rendered: checked, sanitised, or completed
 * with what the block shows of other pages (read through the context, which records the cache
 * tags of what it read).
 */
type Preparer = (props: Record<string, unknown>, block: Block, context: PrepareContext) => Record<string, unknown> | Promise<Record<string, unknown>>;

/**
 * A link prop as the block registry accepts it (trimmed), or empty: the page never carries
 * another. A link by page id still here is a page that is not live (see withPageLinksResolved).
 */
function linkTarget(value: unknown): string {
  const target = typeof value === 'string' ? readLinkTarget(value) : null;
  return target === null || target.kind === 'page' ? '' : target.href;
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
  // The pages it shows, read now (the chosen ones that are live, or the latest).
  cards: prepareCards,
  // Plain text only: React escapes it as it renders.
  quote: asStored,
  keyFigures: asStored,
  faq: asStored,
  anchorMenu: asStored,
  // The button's link as the call to action's; the image is checked as the image block's.
  hero: (props) => ({ ...props, link: linkTarget(props.link) }),
  // Plain text; the component links only to a LinkedIn profile.
  team: asStored,
  table: asStored,
  searchBox: asStored,
  // The intro and thank-you text the form's settings give for the page's locale.
  formEmbed: async (props, _block, context) => {
    const texts = typeof props.form === 'string' && isFormId(props.form) ? ((await context.formTexts?.(props.form)) ?? null) : null;
    return texts ? { ...props, settingsIntro: texts.intro, settingsThankYou: texts.thankYou } : props;
  },
} satisfies Record<BlockTypeId, Preparer>;

async function prepareBlock(stored: Block, context: PrepareContext): Promise<Block> {
  const prepare = Object.hasOwn(preparers, stored.type) ? (preparers as Record<string, Preparer>)[stored.type] : undefined;
  if (!prepare) return stored;
  // Links by page id first, for every type: its own preparer then sees paths, as it always did.
  const block = await withPageLinksResolved(stored, context);
  return { ...block, props: await prepare(block.props ?? {}, block, context) };
}

/**
 * The page as it enters the page state: links by page id resolved to the pages' paths, rich text
 * sanitised, link props checked against the block registry's rule, and what blocks show of other
 * pages read, so server and client render the same, safe markup.
 */
export async function preparePage(page: PublicPageView, context: PrepareContext): Promise<PublicPageView> {
  const blocks = Array.isArray(page.pageVersion.blocks) ? page.pageVersion.blocks : [];
  const prepared = await Promise.all(blocks.map((block) => prepareBlock(block, context)));
  return { ...page, pageVersion: { ...page.pageVersion, blocks: markGated(prepared, page.pageVersion.pageType?.props) } };
}

/**
 * A downloads block whose file the page gates behind its download form (gated-download.ts) is
 * told which file, and where the form is: it shows that file without its link (the file's
 * address answers only with the link the form hands out).
 */
function markGated(blocks: Block[], typeData: Record<string, unknown> | undefined): Block[] {
  const gated = gatedDownloadOf(blocks, typeData);
  if (gated === null) return blocks;
  return blocks.map((block) =>
    block.type === 'downloads' && pageFileGroup({ kind: 'block_files', blockId: block.key }) === gated.group
      ? { ...block, props: { ...block.props, [GATED_PROP]: { hash: gated.file.hash, form: `#${formIds(gated.formBlockKey).base}` } } }
      : block,
  );
}
