import type { ComponentType } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';

/** What a block may need to know about the page it is on. */
export interface BlockContext {
  /** The page's id: the addresses of its library files name it (get-page-file). */
  pageID: string;
  /** The page's locale, for the site's own words (a play button's name) and numbers. */
  locale: string;
  /** The site's default locale: its pages have no locale prefix (a search box's `/zoeken`). */
  defaultLocale: string;
  /** The key of the block whose image is the page's first: it loads at once, every other lazily. */
  priorityImageKey: string | null;
  /**
   * The highest heading level a block may take: 2 where the page's title is its one H1 (an
   * article), so a heading block of level 1 there becomes an H2.
   */
  topHeadingLevel: 1 | 2;
  /**
   * The level of a heading inside the block (a team member's name): one below the last heading
   * before it on the page (a heading block, a hero's title), or below the top level.
   */
  subheadingLevel: (block: Block) => 2 | 3 | 4 | 5 | 6;
  /** The anchors of the page's blocks, in order, with what an anchor menu calls them. */
  anchors: readonly PageAnchor[];
}

/** A block's anchor point on the page, and a name for it. */
export interface PageAnchor {
  id: string;
  label: string;
}

/** What the block map holds: a component that renders one block from its stored props. */
export type BlockComponent = ComponentType<{ block: Block; context: BlockContext }>;
