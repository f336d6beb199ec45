import { isImageSource } from '@pagelog/contracts/blocks/link-target';
import type { PageCardImage, PublicPageCard } from '@pagelog/contracts/pages/page';
import { pageFileGroup } from '@pagelog/contracts/media/media';
import { formatPublicationDate } from '../page-types/publication-date';
import { LibraryPicture } from './library-picture';

/** How wide a card's image is shown: the column on a narrow screen, a third of it or so beside other cards. */
export const CARD_IMAGE_SIZES = '(max-width: 44rem) calc(100vw - 3rem), 20rem';

export interface PageCardProps {
  card: PublicPageCard;
  /** One below the heading the cards stand under (the page's H1, or a cards block's title). */
  headingLevel: 2 | 3 | 4;
  /** The locale of the page the card is on: its date is written out in that page's language. */
  locale: string;
  /** The card's page type as the page's language names it ("Artikel"), for a list of pages of any type (a tag page); none in a list of one type. */
  typeLabel?: string;
}

/**
 * The image of a card, decorative: the title next to it says what the card is, and a screen
 * reader would otherwise hear the same page twice. A library image is the card's page's file
 * (its SEO image, a block's image, or its type data's photo), a URL one only when the image rule
 * takes it.
 */
function CardImage({ pageID, image }: { pageID: string; image: PageCardImage }) {
  if (image.kind === 'url') {
    return isImageSource(image.url) ? <img src={image.url.trim()} alt="" loading="lazy" decoding="async" /> : null;
  }
  const group = image.typeField === undefined ? undefined : pageFileGroup({ kind: 'type_image', field: image.typeField });
  return <LibraryPicture pageID={pageID} blockKey={image.blockKey} group={group} image={{ ...image.image, decorative: true }} priority={false} sizes={CARD_IMAGE_SIZES} />;
}

/**
 * One published page as other pages show it (an overview's entry, a cards block's card, a tag
 * page's entry): its title as a heading that links to it, its type when asked, the date it is
 * listed under, its summary, and its image.
 * The title comes first in the markup, so a screen reader's list of headings reads well; the
 * stylesheet shows the image above it.
 */
export function PageCard({ card, headingLevel, locale, typeLabel }: PageCardProps) {
  const Heading = `h${headingLevel}` as const;
  const date = formatPublicationDate(card.date, locale);
  const summary = card.summary.trim();
  const image = card.image === null ? null : <CardImage pageID={card.pageID} image={card.image} />;
  return (
    <article className="page-card">
      <Heading className="page-card__title">
        <a className="page-card__link" href={card.path}>
          {card.title}
        </a>
      </Heading>
      {(date !== null || typeLabel !== undefined) && (
        <p className="page-card__date">
          {typeLabel !== undefined && <span className="page-card__type">{typeLabel}</span>}
          {typeLabel !== undefined && date !== null && <span aria-hidden="true">{' · '}</span>}
          {date !== null && <time dateTime={card.date}>{date}</time>}
        </p>
      )}
      {summary !== '' && <p className="page-card__summary">{summary}</p>}
      {image !== null && <div className="page-card__image">{image}</div>}
    </article>
  );
}
