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

/** The words of a pagination, in the page's language. */
export interface PaginationWords {
  /** The navigation landmark's name. */
  pagination: string;
  previous: string;
  next: string;
  /** "Page 2", for a link to a page. */
  pageNumber: (page: number) => string;
  /** "Page 2 of 5", said about the list. */
  pageOf: (page: number, count: number) => string;
}

export interface PaginationProps {
  /** The page shown, 1-based, and how many there are. */
  current: number;
  count: number;
  /** The address of a page. */
  hrefOf: (page: number) => string;
  words: PaginationWords;
}

/**
 * The pages of a list (an overview's, the search results): previous and next (rel=prev/next), the
 * first and last page numbers and those around the current one (aria-current), gaps as an
 * ellipsis. None for a list of one page.
 */
export function Pagination({ current, count, hrefOf, words }: PaginationProps) {
  if (count <= 1) return null;
  return (
    <nav className="pagination" aria-label={words.pagination}>
      <p className="pagination__status">{words.pageOf(current, count)}</p>
      <ul className="pagination__list">
        {current > 1 && (
          <li className="pagination__step">
            <a rel="prev" href={hrefOf(current - 1)}>
              {words.previous}
            </a>
          </li>
        )}
        {paginationPages(current, count).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page} className="pagination__page">
              <a href={hrefOf(page)} aria-label={words.pageNumber(page)} aria-current={page === current ? 'page' : undefined}>
                {page}
              </a>
            </li>
          ),
        )}
        {current < count && (
          <li className="pagination__step">
            <a rel="next" href={hrefOf(current + 1)}>
              {words.next}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
