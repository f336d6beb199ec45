/**
 * Site search (issue 15): what a search asks and answers, and the state of the index an
 * administrator manages. The index is a projection of published pages (storage's search-index
 * port); the public site, the admin and the API read it through `search/search`.
 */

/** At most this many results in one answer (`count`). */
export const MAX_SEARCH_COUNT = 50;
/** Results per page when a caller does not say. */
export const DEFAULT_SEARCH_COUNT = 10;
/** The longest term a search takes (characters). */
export const MAX_SEARCH_TERM_LENGTH = 200;
/** `offset` + `count` may not pass this: deep paging is refused rather than slow. */
export const MAX_SEARCH_WINDOW = 10_000;

/** The body of POST search/search (spec section 3: term, locales, pageTypes, count, offset; tags added). */
export interface SearchRequest {
  term: string;
  /** Only pages of these locales; empty or absent: every locale. */
  locales?: string[];
  /** Only pages of these types; empty or absent: every type. */
  pageTypes?: string[];
  /** Only pages carrying every one of these public tag ids. */
  tags?: string[];
  count?: number;
  offset?: number;
}

/** A piece of a snippet: text, highlighted where it matched the term. Rendered as text, never as HTML. */
export interface SnippetPart {
  text: string;
  highlight: boolean;
}

export interface SearchTagRef {
  id: string;
  name: string;
}

export interface SearchResultItem {
  /** The page's id. */
  id: string;
  locale: string;
  pageType: string;
  title: string;
  /** The public path of the page (`/slug` for the default locale, `/en-gb/slug` otherwise). */
  path: string;
  /** Text around the best match, matched words highlighted. */
  snippet: SnippetPart[];
  /** The page's list date (publication date of a report, first publication otherwise), ISO. */
  date: string | null;
  tags: SearchTagRef[];
  /** Relevance; higher is better. Only the order means something. */
  score: number;
}

export interface FacetCount {
  /** The page type id, the locale or the tag id. */
  value: string;
  /** A tag's name (tags only). */
  label?: string;
  count: number;
}

/** The answer of search/search (spec: total and results), with facets over every match. */
export interface SearchResponse {
  total: number;
  results: SearchResultItem[];
  facets: { pageTypes: FacetCount[]; locales: FacetCount[]; tags: FacetCount[] };
}

/** The spec's states of removal and indexing (section 4). */
export type SearchJobState = 'idle' | 'loading' | 'success' | 'error';
export const searchJobStates: readonly SearchJobState[] = ['idle', 'loading', 'success', 'error'];

/** A full reindex under way: pages done of the total, started when. */
export interface ReindexProgress {
  done: number;
  total: number;
  startedAt: string;
  /** Seconds left at the rate so far; null until there is a rate. */
  secondsLeft: number | null;
}

/** GET search/status: the search settings state of the spec, with what the screen shows. */
export interface SearchIndexStatus {
  indexingState: SearchJobState;
  removalState: SearchJobState;
  /** Set while a reindex runs (indexingState loading). */
  progress: ReindexProgress | null;
  /** Why the last job failed (state error). */
  error: string | null;
  /** Published pages in the public index now. */
  documents: number;
  /** When the last reindex and the last removal finished. */
  lastIndexedAt: string | null;
  lastRemovedAt: string | null;
  /** The log position the index has taken in, and the log's head. */
  position: number;
  headPosition: number;
  /** Which engine holds the index (sqlite, postgres, elasticsearch). */
  engine: string;
}

/** Answer of search/index-all-pages and search/remove-all-pages: the job was asked for. */
export interface SearchJobRequested {
  requestId: string;
}

/** The language of a locale for stemming: nl-nl → nl. Unknown languages are not stemmed. */
export function languageOf(locale: string): string {
  return locale.slice(0, 2).toLowerCase();
}
