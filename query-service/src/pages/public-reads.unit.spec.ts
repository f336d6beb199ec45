import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { IndexQuery, SearchIndex } from '@pagelog/storage/search-index/search-index';
import type { QueryDeps } from '../core/query-deps';
import { siteReads } from './public-reads';

describe('the embedded site\'s search (siteReads.search)', () => {
  const asked: IndexQuery[] = [];
  const searchIndex = {
    async search(_target: string, query: IndexQuery) {
      asked.push(query);
      return { total: 1, hits: [{ id: 'p1', locale: 'en-gb', pageType: 'article', title: 'Research', slug: 'news/research', snippet: [], date: null, tags: [], score: 1 }], facets: { pageTypes: [], locales: [], tags: [] } };
    },
  } as unknown as SearchIndex;
  const readModels = {
    async get() {
      return { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] };
    },
  } as unknown as ReadModelStore;
  const deps = { readModels, searchIndex } as unknown as QueryDeps;

  beforeEach(() => {
    asked.length = 0;
  });

  it('searches the public index with the request\'s defaults filled in, as the route does', async () => {
    const answer = await siteReads(deps).search({ term: ' research ', locales: ['en-gb'] });
    expect(asked.map(({ term, locales, pageTypes, tags, count, offset }) => ({ term, locales, pageTypes, tags, count, offset }))).to.deep.equal([
      // The term as typed: a trailing space says its last word is complete (no prefix match).
      { term: ' research ', locales: ['en-gb'], pageTypes: [], tags: [], count: 10, offset: 0 },
    ]);
    expect(answer.results.map((r) => r.path)).to.deep.equal(['/en-gb/news/research']);
  });

  it('refuses what the route refuses with the same ValidationError, without searching', async () => {
    const error = await siteReads(deps)
      .search({ term: 'a'.repeat(201) })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).to.be.instanceOf(ValidationError);
    expect((error as ValidationError).items.map((item) => [item.code, item.property])).to.deep.equal([['V_14', 'term']]);
    expect(asked).to.deep.equal([]);
  });
});
