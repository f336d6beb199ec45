import type { Block } from '@pagelog/contracts/blocks/block';
import type { BlockContext } from './block-component';
import { blockPicture } from './image-block';
import { text } from './prop-text';
import { safeHref } from './safe-href';

/**
 * The band a page opens with (contracts' block type `hero`): its title as the page's heading (an
 * H1, or an H2 where the page's title is already the H1, see BlockContext.topHeadingLevel), the
 * introduction, a button when it has both a text and a safe link, and the image beside them on a
 * wide screen. As the page's first image, the image loads at once (block-list.tsx).
 */
export function HeroBlock({ block, context }: { block: Block; context: BlockContext }) {
  const title = text(block.props.title);
  if (title === '') return null;
  const intro = text(block.props.intro);
  const buttonText = text(block.props.buttonText);
  const href = safeHref(block.props.link);
  const picture = blockPicture(block, context);
  const Heading = `h${context.topHeadingLevel}` as const;
  return (
    <section className={`block block-hero${picture !== null ? ' block-hero--with-media' : ''}`}>
      <div className="block-hero__text">
        <Heading className="block-hero__title">{title}</Heading>
        {intro !== '' && <p className="block-hero__intro">{intro}</p>}
        {href !== null && buttonText !== '' && (
          <p className="block-hero__action">
            <a className="button button--primary" href={href}>
              {buttonText}
            </a>
          </p>
        )}
      </div>
      {picture !== null && <div className="block-hero__media">{picture}</div>}
    </section>
  );
}
