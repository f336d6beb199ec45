import { PageCard } from '../blocks/page-card';
import { Pagination } from '../layout/pagination';
import { pageTypeTexts } from './page-type-texts';
import { listPagePath, type OverviewView } from './type-view';

/**
 * An overview's list (contracts' page type `overview`): the published pages of its listed type in
 * the page's language, newest first, as cards whose titles are H2s under the page's H1, then the
 * pagination. Says so when there is nothing yet, when the page asked for lies past the last one,
 * and when the list could not be read.
 */
export function OverviewList({ view, locale }: { view: OverviewView; locale: string }) {
  const words = pageTypeTexts(locale);
  if (view.items === null) return <p className="overview__message">{words.listUnavailable}</p>;
  if (view.pageNumber > view.pageCount) {
    return (
      <div className="overview__message">
        <p>{words.noSuchPage}</p>
        <p>
          <a href={view.path}>{words.firstPage}</a>
        </p>
      </div>
    );
  }
  if (view.items.length === 0) return <p className="overview__message">{words.nothingYet}</p>;
  return (
    <div className="overview">
      <ul className="overview__list">
        {view.items.map((card) => (
          <li key={card.pageID} className="overview__item">
            <PageCard card={card} headingLevel={2} locale={locale} />
          </li>
        ))}
      </ul>
      <Pagination current={view.pageNumber} count={view.pageCount} hrefOf={(page) => listPagePath(view.path, page)} words={words} />
    </div>
  );
}
