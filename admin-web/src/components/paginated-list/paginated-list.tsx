import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import debounce from 'lodash.debounce';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@pagelog/contracts/pages/page';
import { DEFAULT_PAGE_SIZE } from '@pagelog/contracts/users/schemas';
import type { EndpointKey } from '../../core/api/endpoint-query';
import { Pagination } from './pagination';
import { pageCountOf } from './pagination-items';

export type SortOrder = 'asc' | 'desc';


/** What the list asks for (spec section 7, "Paginated list"); '' as sortColumn is the server's own order. */
export interface ListParams {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  searchTerm: string;
  sortColumn: string;
  sortOrder: SortOrder;
}

/**
 * The query of one page of rows: keyed by its endpoint and params (see endpointQuery). D is what
 * the endpoint answers; where that is more than a page (the user list), `select` narrows it.
 */
export type ListQuery<T, D = ListPage<T>> = UseQueryOptions<D, Error, ListPage<T>, EndpointKey>;

/** Spec section 9: the search asks again debounced at 500 ms, at once for the first key, and at least once a second. */
export const SEARCH_DEBOUNCE = { wait: 500, maxWait: 1000 } as const;

export interface ListColumn<T> {
  key: string;
  label: string;
  /** The server sorts by `key` (its columnToSort). */
  sortable?: boolean;
  render: (item: T) => ReactNode;
}

export interface PaginatedListProps<T, D = ListPage<T>> {
  /** Names the table for assistive technology. */
  label: string;
  query: (params: ListParams) => ListQuery<T, D>;
  columns: readonly ListColumn<T>[];
  rowKey: (item: T) => string;
  /** Buttons for a row (edit, delete), in a last column. */
  rowActions?: (item: T) => ReactNode;
  pageSize?: number;
  /** Falls back to the translation of search.noResults. */
  noResultsText?: string;
  /** Another value here (the filters beside the list) starts again from the first page. */
  resetPageOn?: unknown;
  /** Told the term and order asked for whenever they change (an export beside the list applies them too). */
  onParamsChange?: (params: ListParams) => void;
}

/**
 * The paginated list of spec sections 2 and 4: a search bar, sortable columns with a sort menu,
 * the rows, and a pagination control. The rows are server state (the query it is given, read
 * again when a command moves the position on); page, search and sort are this list's own.
 */
export function PaginatedList<T, D = ListPage<T>>({ label, query, columns, rowKey, rowActions, pageSize = DEFAULT_PAGE_SIZE, noResultsText, resetPageOn, onParamsChange }: PaginatedListProps<T, D>) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const [pageIndex, setPageIndex] = useState(0);
  const [searchOpen, setSearchOpen] = useState(true);
  /** The term as typed, and the one last asked for. */
  const [searchTerm, setSearchTerm] = useState('');
  const [askedTerm, setAskedTerm] = useState('');
  const [sort, setSort] = useState<{ column: string; order: SortOrder }>({ column: '', order: 'asc' });

  const askForTerm = useMemo(() => debounce(setAskedTerm, SEARCH_DEBOUNCE.wait, { leading: true, maxWait: SEARCH_DEBOUNCE.maxWait }), []);
  useEffect(() => () => askForTerm.cancel(), [askForTerm]);

  const [resetSeen, setResetSeen] = useState(resetPageOn);
  if (!Object.is(resetSeen, resetPageOn)) {
    setResetSeen(resetPageOn);
    setPageIndex(0);
  }

  const params: ListParams = { pageIndex, pageSize, searchTerm: askedTerm, sortColumn: sort.column, sortOrder: sort.order };
  const paramsChanged = useRef(onParamsChange);
  paramsChanged.current = onParamsChange;
  useEffect(() => {
    paramsChanged.current?.({ pageIndex, pageSize, searchTerm: askedTerm, sortColumn: sort.column, sortOrder: sort.order });
  }, [pageIndex, pageSize, askedTerm, sort.column, sort.order]);

  const rows = useQuery({
    ...query(params),
    // The rows of the page before stay while the next one loads.
    placeholderData: keepPreviousData,
  });

  // A failed read is only logged (spec section 7): the rows shown last stay.
  const [lastPage, setLastPage] = useState<ListPage<T> | undefined>(undefined);
  if (rows.data !== undefined && rows.data !== lastPage) setLastPage(rows.data);
  const shown = rows.data ?? lastPage;
  const items = Array.isArray(shown?.items) ? shown.items : [];
  const totalItems = typeof shown?.totalItems === 'number' ? shown.totalItems : items.length;

  // The page emptied (deletions, a narrower search): step back until one has rows.
  const emptied = !rows.isPlaceholderData && rows.data !== undefined && items.length === 0 && pageIndex > 0;
  useEffect(() => {
    if (emptied) setPageIndex((index) => Math.max(0, index - 1));
  }, [emptied]);

  const loading = rows.isFetching;
  const sortable = columns.filter((column) => column.sortable);
  const sortValue = sort.column === '' ? '' : `${sort.column}:${sort.order}`;
  const pageCount = pageCountOf(totalItems, pageSize);

  function sortBy(column: string, order: SortOrder) {
    setSort({ column, order });
    setPageIndex(0);
  }

  return (
    <div className="paginated-list">
      <div className="paginated-list__toolbar">
        <div className="search-bar">
          <button type="button" className="search-bar__toggle" aria-expanded={searchOpen} aria-controls={searchId} onClick={() => setSearchOpen(!searchOpen)}>
            {t('search.toggle')}
          </button>
          {searchOpen && (
            <input
              id={searchId}
              className="search-bar__input"
              type="search"
              value={searchTerm}
              placeholder={t('search.placeholder')}
              aria-label={t('search.placeholder')}
              onChange={(event) => {
                setSearchTerm(event.target.value);
                askForTerm(event.target.value);
              }}
            />
          )}
        </div>
        {sortable.length > 0 && (
          <div className="sort-menu">
            <label htmlFor={sortId}>{t('page.overview.sort.sortBy')}</label>
            <select
              id={sortId}
              value={sortValue}
              onChange={(event) => {
                const [column = '', order = 'asc'] = event.target.value.split(':');
                sortBy(column, order === 'desc' ? 'desc' : 'asc');
              }}
            >
              <option value="">{t('list.defaultOrder')}</option>
              {sortable.flatMap((column) =>
                (['asc', 'desc'] as const).map((order) => (
                  <option key={`${column.key}:${order}`} value={`${column.key}:${order}`}>
                    {`${column.label}: ${t(order === 'asc' ? 'page.overview.sort.ascending' : 'page.overview.sort.descending')}`}
                  </option>
                )),
              )}
            </select>
          </div>
        )}
      </div>

      {shown?.truncated === true && (
        <p className="paginated-list__note" role="status">
          {t('list.truncated', { count: totalItems })}
        </p>
      )}
      <table className="data-table" aria-busy={loading}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" aria-sort={ariaSort(column, sort.column, sort.order)}>
                {column.sortable ? (
                  <button
                    type="button"
                    className="data-table__sort"
                    // Sorts ascending; the same column again flips the order.
                    onClick={() => sortBy(column.key, sort.column === column.key && sort.order === 'asc' ? 'desc' : 'asc')}
                  >
                    {column.label}
                    <span aria-hidden="true" className="data-table__sort-mark">
                      {sort.column === column.key ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
            {rowActions && (
              <th scope="col">
                <span className="visually-hidden">{t('list.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)}>
              {columns.map((column) => (
                // data-label: on a narrow screen each row is a card, and each value says what it is.
                <td key={column.key} data-label={column.label}>
                  {column.render(item)}
                </td>
              ))}
              {rowActions && (
                <td>
                  <div className="data-table__actions">{rowActions(item)}</div>
                </td>
              )}
            </tr>
          ))}
          {items.length === 0 && !loading && (
            <tr>
              <td className="data-table__empty" colSpan={columns.length + (rowActions ? 1 : 0)}>
                {noResultsText ?? t('search.noResults')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loading && (
        <p className="paginated-list__loading" role="status">
          {t('list.loading')}
        </p>
      )}

      <Pagination pageIndex={pageIndex} pageCount={pageCount} onPageChange={(index) => setPageIndex(Math.max(0, Math.floor(index)))} />
    </div>
  );
}

function ariaSort(column: { key: string; sortable?: boolean }, sortColumn: string, sortOrder: SortOrder) {
  if (!column.sortable) return undefined;
  if (column.key !== sortColumn) return 'none' as const;
  return sortOrder === 'asc' ? ('ascending' as const) : ('descending' as const);
}
