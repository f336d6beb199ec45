import { Fragment, type ReactNode } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockComponent, BlockContext, PageAnchor } from './block-component';
import { blockRenderers } from './block-renderers';
import { headingBlockLevel } from './heading-block';
import { text } from './prop-text';

export interface BlockListProps {
  blocks: Block[];
  /** The page the blocks are on (library files are addressed through it); empty when unknown. */
  pageID?: string;
  locale?: string;
  /** The site's default locale; by default the page's own (its paths without a prefix). */
  defaultLocale?: string;
  /** Defaults to the site's block renderers; tests pass their own. */
  components?: Readonly<Record<string, BlockComponent>>;
  /** The block whose image loads at once; by default the first image block of these blocks. */
  priorityImageKey?: string | null;
  /** See BlockContext.topHeadingLevel; 1 by default. */
  topHeadingLevel?: 1 | 2;
}

/** The key of the first block with an image: the image likely in view when the page opens. */
export function firstImageKey(blocks: Block[]): string | null {
  return blocks.find((block) => block.type === 'image' || block.type === 'imageWithText' || block.type === 'hero')?.key ?? null;
}

/** For each block, the level of a heading inside it: one below the last heading before it (see BlockContext.subheadingLevel). */
function subheadingLevels(blocks: Block[], top: 1 | 2): Map<Block, 2 | 3 | 4 | 5 | 6> {
  const levels = new Map<Block, 2 | 3 | 4 | 5 | 6>();
  let above: number = top;
  for (const block of blocks) {
    levels.set(block, Math.min(above + 1, 6) as 2 | 3 | 4 | 5 | 6);
    if (block.type === 'heading') above = headingBlockLevel(block.props?.level, top);
    else if (block.type === 'hero') above = top;
  }
  return levels;
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

/**
 * A page's blocks in their stored order; unknown types are skipped, anchors get a wrapper, and
 * consecutive team members share one, which sets them side by side as a team.
 */
export function BlockList({ blocks, pageID = '', locale = '', defaultLocale = locale, components = blockRenderers, priorityImageKey, topHeadingLevel = 1 }: BlockListProps) {
  const priority = priorityImageKey !== undefined ? priorityImageKey : firstImageKey(blocks);
  const levels = subheadingLevels(blocks, topHeadingLevel);
  const context: BlockContext = {
    pageID,
    locale,
    defaultLocale,
    priorityImageKey: priority,
    topHeadingLevel,
    subheadingLevel: (block) => levels.get(block) ?? (topHeadingLevel + 1 as 2 | 3),
    anchors: pageAnchors(blocks),
  };
  const rendered = blocks.map((block, index) => {
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
  return groupTeams(blocks, rendered);
}

/** The rendered blocks with each run of team members inside one `.block-team-group`. */
function groupTeams(blocks: Block[], rendered: ReactNode[]): ReactNode[] {
  const result: ReactNode[] = [];
  let team: ReactNode[] = [];
  const close = () => {
    if (team.length > 0) result.push(<div key={`team-${result.length}`} className="block block-team-group">{team}</div>);
    team = [];
  };
  blocks.forEach((block, index) => {
    if (block.type === 'team' && rendered[index] !== null) {
      team.push(rendered[index]);
      return;
    }
    close();
    result.push(rendered[index]);
  });
  close();
  return result;
}
