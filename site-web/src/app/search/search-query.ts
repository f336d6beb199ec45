import { pageTypeIds } from '@pagelog/contracts/pages/page-type-ids';
import { MAX_SEARCH_WINDOW } from '@pagelog/contracts/search/search';

/** Results on one page of the search results. */
export const SEARCH_PAGE_SIZE = 10;
/** The last page a search can show: the API refuses to page deeper than its window. */
export const MAX_SEARCH_PAGE = Math.floor(MAX_SEARCH_WINDOW / SEARCH_PAGE_SIZE);
/** At most this many tags filter a search (the API's limit). */
const MAX_TAG_FILTERS = 10;

/**
 * What a visitor asked the search results page in its address: `?q=term`, `&type=article`
 * repeated for page types, `&tag=<id>` repeated for tags, `&page=N`.
 */
export interface SearchQuery {
  /** The words, trimmed; '' shows the form only. */
  term: string;
  pageTypes: string[];
  tags: string[];
  /** 1-based. */
  page: number;
}

const pageNumber = /^[1-9][0-9]{0,5}$/;
const known = new Set<string>(pageTypeIds);

function distinct(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

/**
 * The search a query string asks for, forgiving as an address bar must be: the first `q`, page
 * types the site knows, at most ten tags, and a page number from 1 to the last one a search can
 * show (1 for anything else). A term too long is kept: the API says what is wrong with it.
 */
export function parseSearchQuery(querystring: string): SearchQuery {
  const params = new URLSearchParams(querystring);
  const page = params.get('page') ?? '';
  return {
    term: (params.get('q') ?? '').trim(),
    pageTypes: distinct(params.getAll('type')).filter((type) => known.has(type)),
    tags: distinct(params.getAll('tag')).slice(0, MAX_TAG_FILTERS),
    page: pageNumber.test(page) ? Math.min(Number(page), MAX_SEARCH_PAGE) : 1,
  };
}

/** The address of a search on the search results page at `path`; the first page has no number. */
export function searchHref(path: string, query: SearchQuery): string {
  const params = new URLSearchParams();
  params.set('q', query.term);
  for (const type of query.pageTypes) params.append('type', type);
  for (const tag of query.tags) params.append('tag', tag);
  if (query.page > 1) params.set('page', String(query.page));
  return `${path}?${params.toString()}`;
}
