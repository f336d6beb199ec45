import type { Block } from '@pagelog/contracts/blocks/block';
import { BlockList } from '../blocks/block-list';

/** What a landing page (or a home page) opens with: its hero, then the rest of its blocks. */
export interface HeroSplit {
  /** The opening heading, with the text and call to action right after it. */
  lead: Block[];
  /** The image right after those, shown beside them on a wide screen. */
  media: Block | null;
  rest: Block[];
}

/** How many blocks after the opening heading join it in the hero, at most. */
const MAX_LEAD_FOLLOWERS = 2;

/**
 * Finds the hero of a page's blocks: an opening heading block with up to two text or
 * call-to-action blocks after it, and an image block after those. Null when the page does not
 * open with a heading: it is shown as it is.
 */
export function splitHero(blocks: Block[]): HeroSplit | null {
  const [first] = blocks;
  if (first === undefined || first.type !== 'heading') return null;
  let next = 1;
  while (next <= MAX_LEAD_FOLLOWERS && (blocks[next]?.type === 'text' || blocks[next]?.type === 'callToAction')) next += 1;
  const lead = blocks.slice(0, next);
  const media = blocks[next]?.type === 'image' ? blocks[next]! : null;
  return { lead, media, rest: blocks.slice(next + (media === null ? 0 : 1)) };
}

export interface LandingHeroProps {
  hero: HeroSplit;
  pageID: string;
  locale: string;
}

/** The hero band: the opening heading and text on a tinted band, the image beside them on a wide screen. */
export function LandingHero({ hero, pageID, locale }: LandingHeroProps) {
  return (
    <div className="hero">
      <div className={`hero__inner${hero.media !== null ? ' hero__inner--with-media' : ''}`}>
        <div className="hero__text">
          <BlockList blocks={hero.lead} pageID={pageID} locale={locale} priorityImageKey={null} />
        </div>
        {hero.media !== null && (
          <div className="hero__media">
            <BlockList blocks={[hero.media]} pageID={pageID} locale={locale} priorityImageKey={hero.media.key} />
          </div>
        )}
      </div>
    </div>
  );
}
