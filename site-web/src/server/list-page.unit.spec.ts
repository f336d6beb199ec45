import { expect } from 'chai';
import { listPageOf, parseRenderKey, renderKey } from './list-page';

describe("an overview's page in a request", () => {
  it('is the one small positive number given as ?page', () => {
    expect(listPageOf('page=2')).to.equal(2);
    expect(listPageOf('utm_source=nieuwsbrief&page=17')).to.equal(17);
    expect(listPageOf('page=9999')).to.equal(9999);
  });

  it('is the first for anything else, which is ignored as every other query is', () => {
    for (const query of ['', 'page=', 'page=0', 'page=02', 'page=-1', 'page=1.5', 'page=two', 'page=10000', 'page=2&page=3', 'pagina=2']) {
      expect(listPageOf(query), query).to.equal(1);
    }
  });

  it('makes the render key: the path, with the page from the second one on, read back the same', () => {
    expect(renderKey('/publicaties', 1)).to.equal('/publicaties');
    expect(renderKey('/publicaties', 3)).to.equal('/publicaties?page=3');
    expect(parseRenderKey('/publicaties?page=3')).to.deep.equal({ path: '/publicaties', listPage: 3 });
    expect(parseRenderKey('/en-gb/news')).to.deep.equal({ path: '/en-gb/news', listPage: 1 });
  });
});
