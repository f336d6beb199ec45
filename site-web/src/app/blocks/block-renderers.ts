import type { BlockTypeId } from '@pagelog/contracts/blocks/block-types';
import type { BlockComponent } from './block-component';
import { AnchorMenuBlock } from './anchor-menu-block';
import { CallToActionBlock } from './call-to-action-block';
import { CardsBlock } from './cards-block';
import { DownloadsBlock } from './downloads-block';
import { FaqBlock } from './faq-block';
import { FormEmbedBlock } from './form-embed-block';
import { HeadingBlock } from './heading-block';
import { HeroBlock } from './hero-block';
import { ImageBlock } from './image-block';
import { ImageWithTextBlock } from './image-with-text-block';
import { KeyFiguresBlock } from './key-figures-block';
import { QuoteBlock } from './quote-block';
import { SearchBoxBlock } from './search-box-block';
import { TableBlock } from './table-block';
import { TeamBlock } from './team-block';
import { TextBlock } from './text-block';
import { VideoBlock } from './video-block';

/**
 * The component that renders each block type of contracts' block registry: a type without one
 * does not compile. Looked up by own property only (see block-list.tsx), so a stored type such
 * as "constructor" cannot hit a prototype member.
 */
export const blockRenderers = {
  hero: HeroBlock,
  heading: HeadingBlock,
  text: TextBlock,
  image: ImageBlock,
  imageWithText: ImageWithTextBlock,
  downloads: DownloadsBlock,
  video: VideoBlock,
  callToAction: CallToActionBlock,
  cards: CardsBlock,
  quote: QuoteBlock,
  keyFigures: KeyFiguresBlock,
  faq: FaqBlock,
  team: TeamBlock,
  table: TableBlock,
  anchorMenu: AnchorMenuBlock,
  searchBox: SearchBoxBlock,
  formEmbed: FormEmbedBlock,
} satisfies Record<BlockTypeId, BlockComponent>;
