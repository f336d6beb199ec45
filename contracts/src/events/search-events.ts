import { streamOf } from './event';

/** The search index's one stream: what administrators asked of it (issue 15). */
export const searchIndexStream = streamOf<SearchIndexEvent>('search-index');

/** An administrator asked for every published page to be indexed anew, beside the index in use. */
export interface SearchReindexRequested {
  type: 'SearchReindexRequested';
  data: { requestId: string };
}

/** An administrator asked for every page to be taken out of the public search. */
export interface SearchRemovalRequested {
  type: 'SearchRemovalRequested';
  data: { requestId: string };
}

export type SearchIndexEvent = SearchReindexRequested | SearchRemovalRequested;
