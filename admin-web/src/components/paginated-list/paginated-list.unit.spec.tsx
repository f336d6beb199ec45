import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../app/i18n/create-i18n';
import { PaginatedList, type ListColumn } from './paginated-list';

interface Row {
  id: string;
  name: string;
  jobTitle: string;
}

const columns: ListColumn<Row>[] = [
  { key: 'name', label: 'Name', sortable: true, render: (row) => row.name },
  { key: 'jobTitle', label: 'Job title', render: (row) => row.jobTitle },
];

function render(noResultsText?: string): string {
  return renderToString(
    <I18nextProvider i18n={createI18n()}>
      <PaginatedList<Row>
        label="People"
        fetch={async () => ({ items: [], totalItems: 0 })}
        columns={columns}
        rowKey={(row) => row.id}
        noResultsText={noResultsText}
      />
    </I18nextProvider>,
  );
}

describe('the paginated list view', () => {
  const html = render();

  it('has a search bar with the search.placeholder text', () => {
    expect(html).to.match(/<input[^>]*type="search"[^>]*placeholder="Search"[^>]*aria-label="Search"/);
    expect(html).to.match(/<button[^>]*aria-expanded="true"[^>]*>Search<\/button>/);
  });

  it('offers a sort menu with the sort labels for the sortable columns only', () => {
    expect(html).to.match(/<label for="[^"]+">Sort by<\/label><select/);
    const options = [...html.matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((match) => match[1]);
    expect(options).to.deep.equal(['Default order', 'Name: Ascending', 'Name: Descending']);
  });

  it('makes only sortable column headers buttons, marked unsorted', () => {
    expect(html).to.match(/<th scope="col" aria-sort="none"><button[^>]*>Name/);
    expect(html).to.include('<th scope="col">Job title</th>');
  });

  it('falls back to search.noResults without a text of its own', () => {
    expect(html).to.include('No results found');
    expect(render('No users found')).to.include('No users found');
  });

  it('shows no pagination control for a single page', () => {
    expect(html).to.not.include('aria-label="Pagination"');
  });
});
