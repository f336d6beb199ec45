import { expect } from 'chai';
import { FakeClock, settle } from '../../testing/fake-clock';
import { createPaginatedList, pageCountOf, type Page, type SortOrder } from './paginated-list-controller';

interface Call {
  pageIndex: number;
  pageSize: number;
  searchTerm: string;
  sortColumn: string;
  sortOrder: SortOrder;
}

/** A server of `total` numbered rows; records every call. */
function server(total: number) {
  const calls: Call[] = [];
  let rows = total;
  const fetch = async (pageIndex: number, pageSize: number, searchTerm: string, sortColumn: string, sortOrder: SortOrder): Promise<Page<number>> => {
    calls.push({ pageIndex, pageSize, searchTerm, sortColumn, sortOrder });
    const all = Array.from({ length: rows }, (_, index) => index);
    return { items: all.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), totalItems: rows };
  };
  return {
    fetch,
    calls,
    setRows(count: number) {
      rows = count;
    },
  };
}

describe('the paginated list', () => {
  describe('at first', () => {
    it('starts on page 0, no search, search bar open, no sort column, ascending, 25 rows a page', () => {
      const list = createPaginatedList({ fetch: server(0).fetch });
      expect(list.getState()).to.deep.equal({
        items: [],
        totalItems: 0,
        pageIndex: 0,
        pageSize: 25,
        searchTerm: '',
        searchOpen: true,
        loading: false,
        sortColumn: '',
        sortOrder: 'asc',
      });
    });

    it('loads the first page with the fetch it was given', async () => {
      const rows = server(60);
      const list = createPaginatedList({ fetch: rows.fetch });
      const loading = list.load();
      expect(list.getState().loading).to.equal(true);
      await loading;
      expect(rows.calls).to.deep.equal([{ pageIndex: 0, pageSize: 25, searchTerm: '', sortColumn: '', sortOrder: 'asc' }]);
      expect(list.getState()).to.deep.include({ totalItems: 60, loading: false });
      expect(list.getState().items).to.have.length(25);
    });
  });

  describe('when the sort changes', () => {
    it('reloads from page 0 with the new column and order', async () => {
      const rows = server(100);
      const list = createPaginatedList({ fetch: rows.fetch, pageSize: 10 });
      await list.goToPage(3);
      await list.setSort('email', 'desc');
      expect(rows.calls.at(-1)).to.deep.include({ pageIndex: 0, sortColumn: 'email', sortOrder: 'desc' });
      expect(list.getState()).to.deep.include({ pageIndex: 0, sortColumn: 'email', sortOrder: 'desc' });
    });

    it('flips the order when the same column is chosen again, and starts ascending on another', async () => {
      const rows = server(100);
      const list = createPaginatedList({ fetch: rows.fetch, pageSize: 10 });
      await list.toggleSort('name');
      await list.goToPage(2);
      await list.toggleSort('name');
      expect(rows.calls.at(-1)).to.deep.include({ pageIndex: 0, sortColumn: 'name', sortOrder: 'desc' });
      await list.toggleSort('role');
      expect(rows.calls.at(-1)).to.deep.include({ pageIndex: 0, sortColumn: 'role', sortOrder: 'asc' });
    });
  });

  describe('when the search term changes', () => {
    let clock: FakeClock;
    let rows: ReturnType<typeof server>;
    let list: ReturnType<typeof createPaginatedList<number>>;

    beforeEach(async () => {
      clock = new FakeClock();
      rows = server(100);
      list = createPaginatedList({ fetch: rows.fetch, pageSize: 10, clock });
      await list.goToPage(2);
      rows.calls.length = 0;
    });

    it('takes the term at once and reloads the current page at once (leading call)', async () => {
      list.setSearchTerm('a');
      expect(list.getState().searchTerm).to.equal('a');
      await settle();
      expect(rows.calls).to.deep.equal([{ pageIndex: 2, pageSize: 10, searchTerm: 'a', sortColumn: '', sortOrder: 'asc' }]);
    });

    it('reloads once more 500 ms after the typing stops, with the latest term', async () => {
      list.setSearchTerm('a');
      clock.tick(100);
      list.setSearchTerm('ad');
      clock.tick(100);
      list.setSearchTerm('ada');
      clock.tick(499);
      await settle();
      expect(rows.calls.map((call) => call.searchTerm)).to.deep.equal(['a']);
      clock.tick(1);
      await settle();
      expect(rows.calls.map((call) => call.searchTerm)).to.deep.equal(['a', 'ada']);
    });

    it('reloads at least once a second while typing goes on', async () => {
      let term = '';
      for (let step = 0; step < 25; step++) {
        term += 'x';
        list.setSearchTerm(term);
        clock.tick(100);
      }
      await settle();
      // Leading call at 0 ms, then at 1000 and 2000 ms (10 and 20 keys in) while keys keep coming.
      expect(rows.calls.map((call) => call.searchTerm.length)).to.deep.equal([1, 10, 20]);
      clock.tick(500);
      await settle();
      // And the last, 500 ms after the last key.
      expect(rows.calls.map((call) => call.searchTerm.length)).to.deep.equal([1, 10, 20, 25]);
    });

    it('does not reload for the same term', async () => {
      list.setSearchTerm('');
      clock.tick(2000);
      await settle();
      expect(rows.calls).to.deep.equal([]);
    });
  });

  describe('when a page comes back empty', () => {
    it('steps back a page at a time until a page has items', async () => {
      const rows = server(100);
      const list = createPaginatedList({ fetch: rows.fetch, pageSize: 10 });
      await list.goToPage(9);
      rows.setRows(25);
      rows.calls.length = 0;
      await list.load();
      expect(rows.calls.map((call) => call.pageIndex)).to.deep.equal([9, 8, 7, 6, 5, 4, 3, 2]);
      expect(list.getState()).to.deep.include({ pageIndex: 2, totalItems: 25, loading: false });
      expect(list.getState().items).to.deep.equal([20, 21, 22, 23, 24]);
    });

    it('stays on page 0 when even that is empty', async () => {
      const rows = server(0);
      const list = createPaginatedList({ fetch: rows.fetch });
      await list.load();
      expect(rows.calls).to.have.length(1);
      expect(list.getState()).to.deep.include({ pageIndex: 0, totalItems: 0, loading: false });
    });
  });

  describe('when the fetch fails', () => {
    it('only logs it, keeping the rows it had', async () => {
      const logged: unknown[] = [];
      let fail = false;
      const list = createPaginatedList({
        fetch: async () => {
          if (fail) throw new Error('503');
          return { items: [1, 2], totalItems: 2 };
        },
        logError: (_message, error) => logged.push(error),
      });
      await list.load();
      fail = true;
      await list.load();
      expect(logged).to.have.length(1);
      expect(list.getState()).to.deep.include({ totalItems: 2, loading: false });
      expect(list.getState().items).to.deep.equal([1, 2]);
    });
  });

  it('applies only the answer to the latest request', async () => {
    const resolvers: ((page: Page<string>) => void)[] = [];
    const list = createPaginatedList<string>({ fetch: () => new Promise((resolve) => resolvers.push(resolve)) });
    const first = list.load();
    const second = list.setSort('name', 'asc');
    resolvers[1]!({ items: ['new'], totalItems: 1 });
    resolvers[0]!({ items: ['old'], totalItems: 1 });
    await Promise.all([first, second]);
    expect(list.getState().items).to.deep.equal(['new']);
  });

  it('opens and closes the search bar', () => {
    const list = createPaginatedList({ fetch: server(0).fetch, searchOpen: false });
    expect(list.getState().searchOpen).to.equal(false);
    list.setSearchOpen(true);
    expect(list.getState().searchOpen).to.equal(true);
  });

  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 25)).to.equal(1);
    expect(pageCountOf(25, 25)).to.equal(1);
    expect(pageCountOf(26, 25)).to.equal(2);
  });
});
