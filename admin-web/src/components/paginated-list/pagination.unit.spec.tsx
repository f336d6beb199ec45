import { expect } from 'chai';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../app/i18n/create-i18n';
import { Pagination } from './pagination';
import { paginationItems, type PaginationItem } from './pagination-items';

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
});

describe('the pagination control', () => {
  function render(pageIndex: number, pageCount: number): string {
    return renderToString(
      <I18nextProvider i18n={createI18n()}>
        <Pagination pageIndex={pageIndex} pageCount={pageCount} onPageChange={() => {}} />
      </I18nextProvider>,
    );
  }

  function buttons(html: string) {
    return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map((match) => ({
      text: match[2],
      disabled: /\sdisabled=""/.test(match[1] ?? ''),
      current: /aria-current="page"/.test(match[1] ?? ''),
    }));
  }

  it('is hidden at one page', () => {
    expect(render(0, 1)).to.equal('');
  });

  it('shows previous, the 1-based page numbers with ellipses, and next', () => {
    const html = render(5, 10);
    expect(html).to.include('aria-label="Pagination"');
    expect(buttons(html).map((button) => button.text)).to.deep.equal(['Previous', '1', '5', '6', '7', '10', 'Next']);
    expect(html.match(/…/g)).to.have.length(2);
    expect(buttons(html).filter((button) => button.current).map((button) => button.text)).to.deep.equal(['6']);
  });

  it('disables previous on the first page and next on the last', () => {
    expect(buttons(render(0, 3)).map((button) => button.disabled)).to.deep.equal([true, false, false, false, false]);
    expect(buttons(render(2, 3)).map((button) => button.disabled)).to.deep.equal([false, false, false, false, true]);
  });
});
