import { expect } from 'chai';
import { MAX_SEARCH_PAGE, parseSearchQuery, searchHref } from './search-query';

describe('a search in the address', () => {
  it('reads the words, the page types, the tags and the page', () => {
    expect(parseSearchQuery('q=+wacht%20tijden+&type=article&type=publication&tag=t1&tag=t2&page=3')).to.deep.equal({
      term: 'wacht tijden',
      pageTypes: ['article', 'publication'],
      tags: ['t1', 't2'],
      page: 3,
    });
  });

  it('forgives what an address bar lets through: unknown types, repeats, too many tags, odd page numbers', () => {
    const many = Array.from({ length: 12 }, (_, i) => `tag=t${i}`).join('&');
    const parsed = parseSearchQuery(`q=a&q=b&type=article&type=article&type=nonsense&tag=+&${many}&page=02`);
    expect([parsed.term, parsed.pageTypes, parsed.tags.length, parsed.page]).to.deep.equal(['a', ['article'], 10, 1]);
    for (const page of ['0', '-1', 'two', '1.5', '']) expect(parseSearchQuery(`page=${page}`).page, page).to.equal(1);
    expect(parseSearchQuery('page=999999').page).to.equal(MAX_SEARCH_PAGE);
    expect(parseSearchQuery('')).to.deep.equal({ term: '', pageTypes: [], tags: [], page: 1 });
  });

  it('is written back as the same address, the first page without a number', () => {
    const query = { term: 'zorg & welzijn', pageTypes: ['article'], tags: ['t1'], page: 2 };
    const href = searchHref('/zoeken', query);
    expect(href).to.equal('/zoeken?q=zorg+%26+welzijn&type=article&tag=t1&page=2');
    expect(parseSearchQuery(href.slice(href.indexOf('?') + 1))).to.deep.equal(query);
    expect(searchHref('/en-gb/search', { ...query, pageTypes: [], tags: [], page: 1 })).to.equal('/en-gb/search?q=zorg+%26+welzijn');
  });
});
