import { expect } from 'chai';
import type { UserView } from '@pagelog/contracts/users/user';
import { install, type Clock } from '@sinonjs/fake-timers';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpointQuery } from '../../core/api/endpoint-query';
import { fakeServer, type Answer, type FakeServer } from '../../testing/fake-server';
import { renderInApp } from '../../testing/render';
import { failure, success } from '../../testing/replies';
import { aUser } from '../../testing/users';
import { PaginatedList, type ListColumn } from './paginated-list';

type Row = UserView;

const columns: ListColumn<Row>[] = [
  { key: 'name', label: 'Name', sortable: true, render: (row) => row.name },
  { key: 'email', label: 'Email', sortable: true, render: () => '' },
  { key: 'jobTitle', label: 'Job title', render: (row) => row.jobTitle },
];

/** A user list of `count` rows named "Person 0", "Person 1", …, paged as the server pages it. */
function rowsOf(count: () => number): Answer {
  return (call) => {
    const pageIndex = Number(call.query.pageIndex);
    const pageSize = Number(call.query.pageSize);
    const all = Array.from({ length: count() }, (_, index) => aUser({ ID: `u${index}`, name: `Person ${index}`, jobTitle: 'Writer' }));
    return success({ items: all.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), totalItems: all.length });
  };
}

/** The list over the server's user list, as the users area shows it. */
function renderList({ server = fakeServer(), pageSize, noResultsText }: { server?: FakeServer; pageSize?: number; noResultsText?: string } = {}) {
  return renderInApp(
    <PaginatedList
      label="People"
      query={({ pageIndex, pageSize: size, searchTerm, sortColumn, sortOrder }) => ({
        ...endpointQuery(server.api, 'userList', { query: { pageIndex, pageSize: size, searchTerm, columnToSort: sortColumn, sortOrder } }),
        select: (data: Row[] | { items: Row[]; totalItems: number }) => (Array.isArray(data) ? { items: data, totalItems: data.length } : data),
      })}
      columns={columns}
      rowKey={(row) => String(row.ID)}
      pageSize={pageSize}
      noResultsText={noResultsText}
    />,
    { server },
  );
}

const asked = (server: FakeServer) => server.callsOf('userList').map((call) => call.query);
const shownNames = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
/** Steps to a page with Next, as far as the control shows no button for it. */
async function goToPage(user: ReturnType<typeof renderList>['user'], number: number) {
  for (let page = 1; page < number; page++) await user.click(await screen.findByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByRole('button', { name: `Page ${number}` }).getAttribute('aria-current')).to.equal('page'));
}

/** A command elsewhere (a user deleted) moves the position on: the list reads again. */
const commandElsewhere = (server: FakeServer) => act(async () => void (await server.api.call('userDelete', { params: { id: 'x' } })));

describe('the paginated list', () => {
  describe('at first', () => {
    it('asks for the first page of 25 rows, without search and in the server\'s own order, showing that it is loading', async () => {
      const server = fakeServer({ userList: rowsOf(() => 60) });
      renderList({ server });
      expect(screen.getByRole('status').textContent).to.equal('Loading…');
      expect(screen.getByRole('table', { name: 'People' }).getAttribute('aria-busy')).to.equal('true');
      await screen.findByText('Person 0');
      expect(asked(server)).to.deep.equal([{ pageIndex: '0', pageSize: '25', searchTerm: '', columnToSort: '', sortOrder: 'asc' }]);
      expect(shownNames()).to.have.length(25);
      expect(screen.queryByRole('status')).to.equal(null);
    });

    it('has an open search bar with the search.placeholder text', async () => {
      renderList();
      expect(screen.getByRole('button', { name: 'Search' }).getAttribute('aria-expanded')).to.equal('true');
      expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).to.equal('Search');
    });

    it('offers a sort menu with the sort labels of the sortable columns only', () => {
      renderList();
      const menu = screen.getByRole('combobox', { name: 'Sort by' });
      expect(within(menu).getAllByRole('option').map((option) => option.textContent)).to.deep.equal([
        'Default order',
        'Name: Ascending',
        'Name: Descending',
        'Email: Ascending',
        'Email: Descending',
      ]);
    });

    it('makes only sortable column headers buttons, marked unsorted', () => {
      renderList();
      const headers = screen.getAllByRole('columnheader');
      expect(headers.map((header) => [header.textContent, header.getAttribute('aria-sort')])).to.deep.equal([
        ['Name', 'none'],
        ['Email', 'none'],
        ['Job title', null],
      ]);
      expect(within(headers[0]!).getByRole('button', { name: 'Name' })).to.exist;
      expect(within(headers[2]!).queryByRole('button')).to.equal(null);
    });

    it('says when there are no rows, in its own words or those of search.noResults', async () => {
      renderList();
      expect(await screen.findByText('No results found')).to.exist;
      renderList({ noResultsText: 'No users found' });
      expect(await screen.findByText('No users found')).to.exist;
    });

    it("says when the server lists a search's best matches only, and not otherwise", async () => {
      const server = fakeServer({ userList: rowsOf(() => 3) });
      renderList({ server });
      await screen.findByText('Person 2');
      expect(screen.queryByText(/More pages match/)).to.equal(null);
      const truncated = fakeServer({
        userList: () => success({ items: [aUser({ ID: 'u1', name: 'Person 1' })], totalItems: 1000, truncated: true }),
      });
      renderList({ server: truncated });
      expect((await screen.findByText(/More pages match than the 1000 best matches listed here/)).getAttribute('role')).to.equal('status');
    });

    it('shows no pagination control for a single page', async () => {
      renderList({ server: fakeServer({ userList: rowsOf(() => 3) }) });
      await screen.findByText('Person 2');
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).to.equal(null);
    });
  });

  describe('when the sort changes', () => {
    it('reads from the first page with the new column and order', async () => {
      const server = fakeServer({ userList: rowsOf(() => 100) });
      const { user } = renderList({ server, pageSize: 10 });
      await goToPage(user, 4);
      await screen.findByText('Person 30');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Email: Descending');
      await screen.findByText('Person 0');
      expect(asked(server).at(-1)).to.deep.include({ pageIndex: '0', columnToSort: 'email', sortOrder: 'desc' });
      expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).to.equal('page');
      expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).to.equal('descending');
    });

    it('flips the order when the same column header is chosen again, and starts ascending on another', async () => {
      const server = fakeServer({ userList: rowsOf(() => 100) });
      const { user } = renderList({ server, pageSize: 10 });
      await user.click(await screen.findByRole('button', { name: 'Name' }));
      await goToPage(user, 3);
      await user.click(screen.getByRole('button', { name: 'Name' }));
      expect(asked(server).at(-1)).to.deep.include({ pageIndex: '0', columnToSort: 'name', sortOrder: 'desc' });
      await user.click(screen.getByRole('button', { name: 'Email' }));
      expect(asked(server).at(-1)).to.deep.include({ pageIndex: '0', columnToSort: 'email', sortOrder: 'asc' });
      expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).to.equal('email:asc');
    });
  });

  describe('when the search term changes', () => {
    let clock: Clock;
    let server: FakeServer;

    beforeEach(async () => {
      server = fakeServer({ userList: rowsOf(() => 100) });
      const { user } = renderList({ server, pageSize: 10 });
      await goToPage(user, 3);
      await screen.findByText('Person 20');
      server.calls.length = 0;
      clock = install({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldClearNativeTimers: true });
    });

    afterEach(() => clock.uninstall());

    const type = (term: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: term } });
    const terms = () => asked(server).map((query) => query.searchTerm);

    it('shows the term at once and asks for the current page with it at once', () => {
      type('a');
      expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).to.equal('a');
      expect(asked(server)).to.deep.equal([{ pageIndex: '2', pageSize: '10', searchTerm: 'a', columnToSort: '', sortOrder: 'asc' }]);
    });

    it('asks once more 500 ms after the typing stops, with the latest term', () => {
      type('a');
      act(() => clock.tick(100));
      type('ad');
      act(() => clock.tick(100));
      type('ada');
      act(() => clock.tick(499));
      expect(terms()).to.deep.equal(['a']);
      act(() => clock.tick(1));
      expect(terms()).to.deep.equal(['a', 'ada']);
    });

    it('asks at least once a second while typing goes on', () => {
      let term = '';
      for (let key = 0; key < 25; key++) {
        term += 'x';
        type(term);
        act(() => clock.tick(100));
      }
      // At once for the first key, then at 1000 and 2000 ms (10 and 20 keys in) while keys keep coming.
      expect(terms().map((asked) => asked.length)).to.deep.equal([1, 10, 20]);
      act(() => clock.tick(500));
      // And the last, 500 ms after the last key.
      expect(terms().map((asked) => asked.length)).to.deep.equal([1, 10, 20, 25]);
    });
  });

  describe('when the page it shows empties', () => {
    it('steps back a page at a time until a page has rows', async () => {
      let rows = 100;
      const server = fakeServer({ userList: rowsOf(() => rows) });
      const { user } = renderList({ server, pageSize: 10 });
      await user.click(await screen.findByRole('button', { name: 'Page 10' }));
      await screen.findByText('Person 90');
      rows = 25;
      server.calls.length = 0;
      await commandElsewhere(server);
      await screen.findByText('Person 24');
      expect(asked(server).map((query) => query.pageIndex)).to.deep.equal(['9', '8', '7', '6', '5', '4', '3', '2']);
      expect(shownNames()).to.deep.equal(['Person 20', 'Person 21', 'Person 22', 'Person 23', 'Person 24']);
      expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).to.equal('page');
    });
  });

  describe('when a read fails', () => {
    it('keeps the rows it had (the failure is only logged)', async () => {
      const server = fakeServer({ userList: rowsOf(() => 2) });
      renderList({ server });
      await screen.findByText('Person 1');
      server.answer('userList', failure(503));
      const logged: unknown[] = [];
      const log = console.error;
      console.error = (...args: unknown[]) => void logged.push(args);
      try {
        await commandElsewhere(server);
        await waitFor(() => expect(logged).to.have.length(1));
      } finally {
        console.error = log;
      }
      expect(shownNames()).to.deep.equal(['Person 0', 'Person 1']);
      expect(screen.queryByRole('status')).to.equal(null);
    });
  });

  it('shows only the answer to what it asked last', async () => {
    let answerFirst: () => void = () => {};
    const server = fakeServer({
      userList: (call) =>
        call.query.columnToSort === ''
          ? new Promise((resolve) => (answerFirst = () => resolve(success({ items: [{ id: 'old', name: 'Old', jobTitle: '' }], totalItems: 1 }))))
          : success({ items: [{ id: 'new', name: 'New', jobTitle: '' }], totalItems: 1 }),
    });
    const { user } = renderList({ server });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await screen.findByText('New');
    await act(async () => answerFirst());
    expect(shownNames()).to.deep.equal(['New']);
  });

  it('opens and closes the search bar', async () => {
    const { user } = renderList();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('searchbox')).to.equal(null);
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('aria-expanded')).to.equal('false');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).to.exist;
  });
});
