import { PageCard } from '../blocks/page-card';
import { pageTypeTexts, type PageTypeTexts } from './page-type-texts';
import { listPagePath, type OverviewView } from './type-view';

/** The page numbers the pagination links to: the first, the last, and the current one with its neighbours; null stands for a gap. */
export function paginationPages(current: number, count: number): (number | null)[] {
  const wanted = new Set([1, count, current - 1, current, current + 1].filter((page) => page >= 1 && page <= count));
  const pages = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  pages.forEach((page, index) => {
    const before = pages[index - 1];
    if (before !== undefined && page - before > 1) result.push(before + 2 === page ? before + 1 : null);
    result.push(page);
  });
  return result;
}

/**
 * The pages of the list: previous and next (rel=prev/next), the first and last page numbers and
 * those around the current one (aria-current), gaps as an ellipsis. None for a list of one page.
 */
function Pagination({ view, words }: { view: OverviewView; words: PageTypeTexts }) {
  if (view.pageCount <= 1) return null;
  const { pageNumber: current, pageCount, path } = view;
  return (
    <nav className="pagination" aria-label={words.pagination}>
      <p className="pagination__status">{words.pageOf(current, pageCount)}</p>
      <ul className="pagination__list">
        {current > 1 && (
          <li className="pagination__step">
            <a rel="prev" href={listPagePath(path, current - 1)}>
              {words.previous}
            </a>
          </li>
        )}
        {paginationPages(current, pageCount).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page} className="pagination__page">
              <a href={listPagePath(path, page)} aria-label={words.pageNumber(page)} aria-current={page === current ? 'page' : undefined}>
                {page}
              </a>
            </li>
          ),
        )}
        {current < pageCount && (
          <li className="pagination__step">
            <a rel="next" href={listPagePath(path, current + 1)}>
              {words.next}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

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
      <Pagination view={view} words={words} />
    </div>
  );
}
