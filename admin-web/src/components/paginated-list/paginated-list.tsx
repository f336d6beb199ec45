import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createPaginatedList,
  pageCountOf,
  type FetchPage,
  type PaginatedListController,
  type SortOrder,
} from './paginated-list-controller';
import { Pagination } from './pagination';

export interface ListColumn<T> {
  key: string;
  label: string;
  /** The server sorts by `key` (its columnToSort). */
  sortable?: boolean;
  render: (item: T) => ReactNode;
}

export interface PaginatedListProps<T> {
  /** Names the table for assistive technology. */
  label: string;
  fetch: FetchPage<T>;
  columns: readonly ListColumn<T>[];
  rowKey: (item: T) => string;
  /** Buttons for a row (edit, delete), in a last column. */
  rowActions?: (item: T) => ReactNode;
  pageSize?: number;
  /** Falls back to the translation of search.noResults. */
  noResultsText?: string;
  /** Receives the controller, e.g. to reload after a change elsewhere; return a clean-up. */
  onReady?: (controller: PaginatedListController<T>) => (() => void) | void;
}

/**
 * The paginated list of spec sections 2 and 4: a search bar, sortable columns with a sort menu,
 * the rows, and a pagination control. State and loading live in the controller; this renders it.
 */
export function PaginatedList<T>({ label, fetch, columns, rowKey, rowActions, pageSize, noResultsText, onReady }: PaginatedListProps<T>) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const fetchRef = useRef(fetch);
  useEffect(() => {
    fetchRef.current = fetch;
  }, [fetch]);

  const [controller] = useState(() =>
    createPaginatedList<T>({ fetch: (...args) => fetchRef.current(...args), pageSize }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  useEffect(() => {
    void controller.load();
    return () => controller.stop();
  }, [controller]);

  const onReadyRef = useRef(onReady);
  useEffect(() => onReadyRef.current?.(controller), [controller]);

  const sortable = columns.filter((column) => column.sortable);
  const sortValue = state.sortColumn === '' ? '' : `${state.sortColumn}:${state.sortOrder}`;
  const pageCount = pageCountOf(state.totalItems, state.pageSize);

  return (
    <div className="paginated-list">
      <div className="paginated-list__toolbar">
        <div className="search-bar">
          <button
            type="button"
            className="search-bar__toggle"
            aria-expanded={state.searchOpen}
            aria-controls={searchId}
            onClick={() => controller.setSearchOpen(!state.searchOpen)}
          >
            {t('search.toggle')}
          </button>
          {state.searchOpen && (
            <input
              id={searchId}
              className="search-bar__input"
              type="search"
              value={state.searchTerm}
              placeholder={t('search.placeholder')}
              aria-label={t('search.placeholder')}
              onChange={(event) => controller.setSearchTerm(event.target.value)}
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
                void controller.setSort(column, order === 'desc' ? 'desc' : 'asc');
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

      <table className="data-table" aria-busy={state.loading}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" aria-sort={ariaSort(column, state.sortColumn, state.sortOrder)}>
                {column.sortable ? (
                  <button type="button" className="data-table__sort" onClick={() => void controller.toggleSort(column.key)}>
                    {column.label}
                    <span aria-hidden="true" className="data-table__sort-mark">
                      {state.sortColumn === column.key ? (state.sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}
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
          {state.items.map((item) => (
            <tr key={rowKey(item)}>
              {columns.map((column) => (
                <td key={column.key}>{column.render(item)}</td>
              ))}
              {rowActions && (
                <td>
                  <div className="data-table__actions">{rowActions(item)}</div>
                </td>
              )}
            </tr>
          ))}
          {state.items.length === 0 && !state.loading && (
            <tr>
              <td className="data-table__empty" colSpan={columns.length + (rowActions ? 1 : 0)}>
                {noResultsText ?? t('search.noResults')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {state.loading && (
        <p className="paginated-list__loading" role="status">
          {t('list.loading')}
        </p>
      )}

      <Pagination pageIndex={state.pageIndex} pageCount={pageCount} onPageChange={(index) => void controller.goToPage(index)} />
    </div>
  );
}

function ariaSort(column: { key: string; sortable?: boolean }, sortColumn: string, sortOrder: SortOrder) {
  if (!column.sortable) return undefined;
  if (column.key !== sortColumn) return 'none' as const;
  return sortOrder === 'asc' ? ('ascending' as const) : ('descending' as const);
}
