import type { SearchRequest, SearchResponse } from '@pagelog/contracts/search/search';
import { DEFAULT_SEARCH_COUNT } from '@pagelog/contracts/search/search';
import { publicPath } from '@pagelog/contracts/slugs';
import type { QueryDeps } from '../core/query-deps';
import { readSettings } from '../settings/routes';

/**
 * The public site's search (search/search): published pages only, from the public target of the
 * index. An empty term lists the pages of the asked tags, newest first, and nothing without them. Paths are made with today's default locale, so a change of it needs no reindex. The
 * route answers with it; the embedded site calls it in-process.
 */
export async function searchPublic(deps: QueryDeps, request: SearchRequest): Promise<SearchResponse> {
  // Without words a search lists a tag's pages (a tag facet, the search page's ?tag=); it does not
  // list the whole site, which would cost a full count and facets over every page on each call.
  if (request.term.trim() === '' && (request.tags ?? []).length === 0) return { total: 0, results: [], facets: { pageTypes: [], locales: [], tags: [] } };
  const [settings, answer] = await Promise.all([
    readSettings(deps),
    deps.searchIndex.search('public', {
      term: request.term,
      locales: request.locales ?? [],
      pageTypes: request.pageTypes ?? [],
      tags: request.tags ?? [],
      count: request.count ?? DEFAULT_SEARCH_COUNT,
      offset: request.offset ?? 0,
      fields: 'full',
    }),
  ]);
  return {
    total: answer.total,
    results: answer.hits.map((hit) => ({
      id: hit.id,
      locale: hit.locale,
      pageType: hit.pageType,
      title: hit.title,
      path: publicPath(hit.locale, hit.slug, settings.defaultLocale),
      snippet: hit.snippet,
      date: hit.date,
      tags: hit.tags,
      score: hit.score,
    })),
    facets: answer.facets,
  };
}
