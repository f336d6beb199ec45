import type { BlockTypeDefinition } from './block-definition';
import { anchorMenuBlock } from './types/anchor-menu-block';
import { callToActionBlock } from './types/call-to-action-block';
import { cardsBlock } from './types/cards-block';
import { downloadsBlock } from './types/downloads-block';
import { faqBlock } from './types/faq-block';
import { formEmbedBlock } from './types/form-embed-block';
import { headingBlock } from './types/heading-block';
import { heroBlock } from './types/hero-block';
import { imageBlock } from './types/image-block';
import { imageWithTextBlock } from './types/image-with-text-block';
import { keyFiguresBlock } from './types/key-figures-block';
import { quoteBlock } from './types/quote-block';
import { searchBoxBlock } from './types/search-box-block';
import { tableBlock } from './types/table-block';
import { teamBlock } from './types/team-block';
import { textBlock } from './types/text-block';
import { videoBlock } from './types/video-block';

/**
 * The block registry: every block type, in the order the add-block menu offers them. The one
 * list of block types: ids, the registry by id and each page type's allowed blocks derive from
 * it, and the renderers, preparers and forms keyed by `BlockTypeId` must cover each entry.
 */
export const allBlocks = [
  heroBlock,
  headingBlock,
  textBlock,
  imageBlock,
  imageWithTextBlock,
  downloadsBlock,
  videoBlock,
  callToActionBlock,
  cardsBlock,
  quoteBlock,
  keyFiguresBlock,
  faqBlock,
  teamBlock,
  tableBlock,
  anchorMenuBlock,
  searchBoxBlock,
  formEmbedBlock,
] as const;

type AnyBlock = (typeof allBlocks)[number];
export type BlockTypeId = AnyBlock['id'];

export const blockTypes = Object.fromEntries(allBlocks.map((block) => [block.id, block])) as {
  readonly [B in AnyBlock as B['id']]: B;
};


export function blockType(id: string): BlockTypeDefinition | undefined {
  return Object.hasOwn(blockTypes, id) ? (blockTypes as Record<string, BlockTypeDefinition>)[id] : undefined;
}

/** The block types a page of the type may hold, in the registry's order. */
export function blocksAllowedOn(pageTypeId: string): BlockTypeId[] {
  return allBlocks.filter((block: BlockTypeDefinition) => block.pageTypes === 'all' || (block.pageTypes as readonly string[]).includes(pageTypeId)).map((block) => block.id);
}

/** The props a new block of a type starts with: the schema's defaults. */
export function defaultProps(id: string): Record<string, unknown> {
  const definition = blockType(id);
  return definition ? { ...(definition.props.getDefault() as Record<string, unknown>) } : {};
}
