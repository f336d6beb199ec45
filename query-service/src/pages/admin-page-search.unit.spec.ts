import { expect } from 'chai';
import type { IndexAnswer, IndexQuery } from '@pagelog/storage/search-index/search-index';
import type { QueryDeps } from '../core/query-deps';
import { searchPageDocsCapped } from './admin-page-search';

/** The index answers `total` matches of which it lists `listed`; the read model holds every page. */
function depsWith(total: number, listed: number, asked: IndexQuery[] = []): QueryDeps {
  const hit = (i: number) => ({ id: `p${i}`, locale: 'nl-nl', pageType: 'article', title: `Pagina ${i}`, slug: `p${i}`, snippet: [], date: null, tags: [], score: 1 });
  return {
    searchIndex: {
      search: async (_target: string, query: IndexQuery): Promise<IndexAnswer> => {
        asked.push(query);
        return { total, hits: Array.from({ length: Math.min(listed, query.count) }, (_, i) => hit(i)), facets: { pageTypes: [], locales: [], tags: [] } };
      },
    },
    readModels: {
      getMany: async (_collection: string, ids: string[]) => new Map(ids.map((id) => [id, { id, status: 'draft', updatedBy: 'u1' }])),
    },
  } as unknown as QueryDeps;
}

describe('the page overview search (admin-page-search)', () => {
  it('asks the admin target for titles and slugs, best match first, up to the limit', async () => {
    const asked: IndexQuery[] = [];
    await searchPageDocsCapped(depsWith(3, 3, asked), { term: 'onderzoek', locale: 'nl-nl', type: 'article' }, 5);
    expect(asked).to.deep.equal([{ term: 'onderzoek', locales: ['nl-nl'], pageTypes: ['article'], tags: [], count: 5, offset: 0, fields: 'title-slug' }]);
  });

  it('says when more pages matched than it lists', async () => {
    const capped = await searchPageDocsCapped(depsWith(12, 12), { term: 'onderzoek' }, 5);
    expect(capped.docs.map((doc) => doc.id)).to.deep.equal(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(capped.truncated).to.equal(true);
    const whole = await searchPageDocsCapped(depsWith(5, 5), { term: 'onderzoek' }, 5);
    expect(whole.truncated).to.equal(false);
  });
});
