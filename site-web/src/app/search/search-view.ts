import type { SearchResponse } from '@pagelog/contracts/search/search';
import type { SearchQuery } from './search-query';

/**
 * What the server found for the search results page (server/search-render.ts); the components
 * render from it and read nothing themselves.
 */
export interface SearchView {
  /** The search results page of the locale (`/zoeken`, `/en-gb/search`): every link and form goes there. */
  path: string;
  query: SearchQuery;
  outcome: SearchOutcome;
}

export type SearchOutcome =
  /** No words and no filter yet: the form alone. */
  | { kind: 'form' }
  | { kind: 'results'; response: SearchResponse }
  /** The API refused the search: the term is too long (V_14), or something else it names. */
  | { kind: 'rejected'; tooLong: boolean }
  /** The search could not be done just now. */
  | { kind: 'unavailable' };
