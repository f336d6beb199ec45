import { Fragment } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockComponent, BlockContext, PageAnchor } from './block-component';
import { blockRenderers } from './block-renderers';
import { text } from './prop-text';

export interface BlockListProps {
  blocks: Block[];
  /** The page the blocks are on (library files are addressed through it); empty when unknown. */
  pageID?: string;
  locale?: string;
  /** Defaults to the site's block renderers; tests pass their own. */
  components?: Readonly<Record<string, BlockComponent>>;
  /** The block whose image loads at once; by default the first image block of these blocks. */
  priorityImageKey?: string | null;
  /** See BlockContext.topHeadingLevel; 1 by default. */
  topHeadingLevel?: 1 | 2;
}

/** The key of the first image block: the image likely in view when the page opens. */
export function firstImageKey(blocks: Block[]): string | null {
  return blocks.find((block) => block.type === 'image' || block.type === 'imageWithText')?.key ?? null;
}

/**
 * The anchors of the blocks, in order: each named by its block's title or text (a heading's
 * words), else by the anchor itself. An anchor menu links to them.
 */
export function pageAnchors(blocks: Block[]): PageAnchor[] {
  return blocks.flatMap((block) => {
    const id = text(block.anchorPoint);
    if (id === '') return [];
    const props = block.props ?? {};
    return [{ id, label: text(props.title) || text(props.text) || id }];
  });
}

/** A page's blocks in their stored order; unknown types are skipped, anchors get a wrapper. */
export function BlockList({ blocks, pageID = '', locale = '', components = blockRenderers, priorityImageKey, topHeadingLevel = 1 }: BlockListProps) {
  const priority = priorityImageKey !== undefined ? priorityImageKey : firstImageKey(blocks);
  const context: BlockContext = { pageID, locale, priorityImageKey: priority, topHeadingLevel, anchors: pageAnchors(blocks) };
  return blocks.map((block, index) => {
    const Component = Object.hasOwn(components, block.type) ? components[block.type] : undefined;
    if (Component === undefined) {
      console.warn('Block type not found in the block map: ' + block.type);
      return null;
    }
    const key = block.key || `block-${index}`;
    const anchor = typeof block.anchorPoint === 'string' ? block.anchorPoint.trim() : '';
    if (anchor === '') return <Fragment key={key}><Component block={block} context={context} /></Fragment>;
    return (
      <section key={key} id={anchor} className="block-anchor">
        <Component block={block} context={context} />
      </section>
    );
  });
}
