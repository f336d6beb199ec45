import { PageCard } from '../blocks/page-card';
import { Pagination } from '../layout/pagination';
import { pageTypeTexts } from '../page-types/page-type-texts';
import { listPagePath } from '../page-types/type-view';
import { searchTexts } from '../search/search-texts';
import { tagTexts } from './tag-texts';
import type { TagPageView } from './tag-page-view';

/**
 * A tag page (issue 15): "Onderwerp: Energietransitie" as its one H1, how many published pages
 * carry the tag, and those pages newest first, as an overview lists them (their titles H2s that
 * link to them, with their type, date and summary), then the pagination. Says so when the page
 * asked for lies past the last one, and when the list could not be read.
 */
export function TagPage({ view, locale }: { view: TagPageView; locale: string }) {
  const words = tagTexts(locale);
  const listWords = pageTypeTexts(locale);
  const typeNames = searchTexts(locale).pageTypes as Readonly<Record<string, string>>;
  return (
    <div className="page-column tag-page">
      <h1>{words.heading(view.tag.name)}</h1>
      {view.items === null ? (
        <p className="overview__message">{listWords.listUnavailable}</p>
      ) : view.pageNumber > view.pageCount ? (
        <div className="overview__message">
          <p>{listWords.noSuchPage}</p>
          <p>
            <a href={view.path}>{listWords.firstPage}</a>
          </p>
        </div>
      ) : (
        <div className="overview">
          <p className="tag-page__count">{words.pageCount(view.total)}</p>
          <ul className="overview__list">
            {view.items.map((card) => (
              <li key={card.pageID} className="overview__item">
                <PageCard card={card} headingLevel={2} locale={locale} typeLabel={Object.hasOwn(typeNames, card.type) ? typeNames[card.type] : undefined} />
              </li>
            ))}
          </ul>
          <Pagination current={view.pageNumber} count={view.pageCount} hrefOf={(page) => listPagePath(view.path, page)} words={listWords} />
        </div>
      )}
    </div>
  );
}
