import { DEFAULT_PAGE_SIZE } from '@pagelog/contracts/users/schemas';
import type { Clock } from '../../core/timing/clock';
import { debounce } from '../../core/timing/debounce';

export type SortOrder = 'asc' | 'desc';

/** What the injected fetch answers (spec section 3: data.items and data.totalItems). */
export interface Page<T> {
  items: T[];
  totalItems: number;
}

/** The injected fetch of spec section 7, "Paginated list". */
export type FetchPage<T> = (pageIndex: number, pageSize: number, searchTerm: string, sortColumn: string, sortOrder: SortOrder) => Promise<Page<T>>;

/** Spec section 4, "Paginated list". */
export interface PaginatedListState<T> {
  items: readonly T[];
  totalItems: number;
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  searchTerm: string;
  searchOpen: boolean;
  loading: boolean;
  /** '' for the server's own order. */
  sortColumn: string;
  sortOrder: SortOrder;
}

export interface PaginatedListController<T> {
  getState(): PaginatedListState<T>;
  subscribe(listener: () => void): () => void;
  /** Fetches the current page (stepping back while a page past the first comes back empty). */
  load(): Promise<void>;
  goToPage(pageIndex: number): Promise<void>;
  /** A new sort column or order reloads from the first page. */
  setSort(sortColumn: string, sortOrder: SortOrder): Promise<void>;
  /** Sorts by the column, ascending; again on the same column flips the order. */
  toggleSort(sortColumn: string): Promise<void>;
  /** Takes the term at once; reloads the current page debounced. */
  setSearchTerm(searchTerm: string): void;
  setSearchOpen(open: boolean): void;
  /** Drops a pending search reload and the answer of a call in flight (unmount). */
  stop(): void;
}

/** Spec section 9: search reloads debounced at 500 ms, with a leading call, at most 1000 ms apart. */
export const SEARCH_DEBOUNCE = { wait: 500, maxWait: 1000 } as const;

export interface PaginatedListOptions<T> {
  fetch: FetchPage<T>;
  pageSize?: number;
  searchOpen?: boolean;
  clock?: Clock;
  /** A failed fetch is only logged (spec section 7). */
  logError?: (message: string, error: unknown) => void;
}

export function createPaginatedList<T>({
  fetch,
  pageSize = DEFAULT_PAGE_SIZE,
  searchOpen = true,
  clock,
  logError = (message, error) => console.error(message, error),
}: PaginatedListOptions<T>): PaginatedListController<T> {
  let state: PaginatedListState<T> = {
    items: [],
    totalItems: 0,
    pageIndex: 0,
    pageSize,
    searchTerm: '',
    searchOpen,
    loading: false,
    sortColumn: '',
    sortOrder: 'asc',
  };
  const listeners = new Set<() => void>();
  // Request identifiers increase, so only the answer to the latest request is applied.
  let latestRequest = 0;

  function update(change: Partial<PaginatedListState<T>>) {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  }

  async function load(): Promise<void> {
    const request = ++latestRequest;
    update({ loading: true });
    for (;;) {
      const { pageIndex, searchTerm, sortColumn, sortOrder } = state;
      let page: Page<T>;
      try {
        page = await fetch(pageIndex, state.pageSize, searchTerm, sortColumn, sortOrder);
      } catch (error) {
        logError('The list could not be loaded.', error);
        if (request === latestRequest) update({ loading: false });
        return;
      }
      if (request !== latestRequest) return;
      const items = Array.isArray(page?.items) ? page.items : [];
      if (items.length === 0 && pageIndex > 0) {
        // The page emptied (deletions, a narrower search): step back and try again.
        update({ pageIndex: pageIndex - 1 });
        continue;
      }
      update({ items, totalItems: typeof page.totalItems === 'number' ? page.totalItems : items.length, loading: false });
      return;
    }
  }

  const searchReload = debounce(() => void load(), SEARCH_DEBOUNCE.wait, { leading: true, maxWait: SEARCH_DEBOUNCE.maxWait, clock });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    goToPage(pageIndex) {
      update({ pageIndex: Math.max(0, Math.floor(pageIndex)) });
      return load();
    },
    setSort(sortColumn, sortOrder) {
      update({ sortColumn, sortOrder, pageIndex: 0 });
      return load();
    },
    toggleSort(sortColumn) {
      const sortOrder: SortOrder = state.sortColumn === sortColumn && state.sortOrder === 'asc' ? 'desc' : 'asc';
      update({ sortColumn, sortOrder, pageIndex: 0 });
      return load();
    },
    setSearchTerm(searchTerm) {
      if (searchTerm === state.searchTerm) return;
      update({ searchTerm });
      searchReload();
    },
    setSearchOpen(open) {
      update({ searchOpen: open });
    },
    stop() {
      searchReload.cancel();
      latestRequest++;
      if (state.loading) update({ loading: false });
    },
  };
}

/** How many pages the items fill (at least one). */
export function pageCountOf(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / Math.max(1, pageSize)));
}
