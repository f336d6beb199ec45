import { expect } from 'chai';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../app/i18n/create-i18n';
import { Pagination } from './pagination';
import { pageCountOf, paginationItems, type PaginationItem } from './pagination-items';

/** The entries as shown: 1-based page numbers and "…". */
function shown(items: PaginationItem[]): (number | '…')[] {
  return items.map((item) => (item.kind === 'page' ? item.pageIndex + 1 : '…'));
}

describe('the pagination entries', () => {
  it('are none at one page or fewer', () => {
    expect(paginationItems(0, 0)).to.deep.equal([]);
    expect(paginationItems(0, 1)).to.deep.equal([]);
  });

  it('list every page when there are few', () => {
    expect(shown(paginationItems(0, 2))).to.deep.equal([1, 2]);
    expect(shown(paginationItems(2, 5))).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('show the first and last page, the current one with its neighbours, and ellipses between', () => {
    expect(shown(paginationItems(5, 10))).to.deep.equal([1, '…', 5, 6, 7, '…', 10]);
  });

  it('leave out the ellipsis on the side of the current page that reaches an end', () => {
    expect(shown(paginationItems(0, 10))).to.deep.equal([1, 2, '…', 10]);
    expect(shown(paginationItems(9, 10))).to.deep.equal([1, '…', 9, 10]);
  });

  it('show a single hidden page rather than an ellipsis for it', () => {
    expect(shown(paginationItems(3, 10))).to.deep.equal([1, 2, 3, 4, 5, '…', 10]);
  });

  it('count the pages the items fill, at least one', () => {
    expect(pageCountOf(0, 25)).to.equal(1);
    expect(pageCountOf(25, 25)).to.equal(1);
    expect(pageCountOf(26, 25)).to.equal(2);
  });
});

describe('the pagination control', () => {
  function renderAt(pageIndex: number, pageCount: number) {
    const chosen: number[] = [];
    const { container } = render(
      <I18nextProvider i18n={createI18n()}>
        <Pagination pageIndex={pageIndex} pageCount={pageCount} onPageChange={(index) => chosen.push(index)} />
      </I18nextProvider>,
    );
    return { container, chosen, user: userEvent.setup() };
  }

  const buttons = () => within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByRole('button') as HTMLButtonElement[];

  it('is hidden at one page', () => {
    const { container } = renderAt(0, 1);
    expect(container.innerHTML).to.equal('');
  });

  it('shows previous, the 1-based page numbers with ellipses, and next, marking the current page', () => {
    renderAt(5, 10);
    expect(buttons().map((button) => button.textContent)).to.deep.equal(['Previous', '1', '5', '6', '7', '10', 'Next']);
    expect(screen.getAllByText('…')).to.have.length(2);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).to.equal('page');
    expect(buttons().filter((button) => button.getAttribute('aria-current') === 'page')).to.have.length(1);
  });

  it('disables previous on the first page and next on the last', () => {
    renderAt(0, 3);
    expect(buttons().map((button) => button.disabled)).to.deep.equal([true, false, false, false, false]);
  });

  it('enables previous and disables next on the last page', () => {
    renderAt(2, 3);
    expect(buttons().map((button) => button.disabled)).to.deep.equal([false, false, false, false, true]);
  });

  it('asks for the page chosen, 0-based, and for the pages either side', async () => {
    const { chosen, user } = renderAt(5, 10);
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(chosen).to.deep.equal([9, 4, 6]);
  });
});
