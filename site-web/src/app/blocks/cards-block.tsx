import { useId } from 'react';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { PublicPageCard } from '@pagelog/contracts/pages/page';
import type { BlockContext } from './block-component';
import { PageCard } from './page-card';
import { text } from './prop-text';
import { safeHref } from './safe-href';

/** The cards the server read for the block (prepare-cards.ts), each with the fields a card needs. */
function cardsOf(value: unknown): PublicPageCard[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (card): card is PublicPageCard =>
      typeof card === 'object' && card !== null && typeof card.pageID === 'string' && typeof card.title === 'string' && typeof card.summary === 'string' && typeof card.date === 'string' && safeHref(card.path) === card.path,
  );
}

/**
 * Teasers of other pages (contracts' block type `cards`): its title, if any, as a heading one
 * level below the heading it stands under, then a list of page cards (page-card.tsx) one level
 * further down. The server filled in the cards as it prepared the page: the chosen pages that
 * are live, or the latest ones.
 */
export function CardsBlock({ block, context }: { block: Block; context: BlockContext }) {
  const titleId = useId();
  const cards = cardsOf(block.props.cards);
  // Nothing chosen, nothing of it live, or no page of the type published yet: an empty list or a
  // lone title would only puzzle a visitor, so the block shows nothing (the editor sees why in the admin).
  if (cards.length === 0) return null;
  const title = text(block.props.title);
  const titleLevel = Math.min(context.subheadingLevel(block), 3) as 2 | 3;
  const Title = `h${titleLevel}` as const;
  const cardLevel = (title === '' ? titleLevel : titleLevel + 1) as 2 | 3 | 4;
  return (
    <section className="block block-cards" aria-labelledby={title === '' ? undefined : titleId}>
      {title !== '' && (
        <Title id={titleId} className="block-cards__title">
          {title}
        </Title>
      )}
      <ul className="block-cards__list">
        {cards.map((card) => (
          <li key={card.pageID} className="block-cards__item">
            <PageCard card={card} headingLevel={cardLevel} locale={context.locale} />
          </li>
        ))}
      </ul>
    </section>
  );
}
