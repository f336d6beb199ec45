import type { TagVisibility } from '@pagelog/contracts/tags/tag';
import type { ApiClient } from '../api/api-client';
import { endpointQuery } from '../api/endpoint-query';

const listEndpoint = { public: 'tagsFetch', private: 'tagsFetchPrivate' } as const;
const searchEndpoint = { public: 'tagsSearch', private: 'tagsSearchPrivate' } as const;

/**
 * The tag reads of issue 15 (decision 0023), shared by the page editor's tag field and the tags
 * screen: the spec's tag caches are these queries, the public and the private list of a locale,
 * each with its found-by-search lists keyed by the term.
 */
export const tagQueries = {
  /** Every tag of one visibility in a locale, by name, with its page counts. */
  list: (api: ApiClient, locale: string, visibility: TagVisibility) => endpointQuery(api, listEndpoint[visibility], { query: { locale } }),
  /** At most 20 tags whose name or a word of it starts with the term, most used first; an empty term lists the most used. */
  search: (api: ApiClient, term: string, locale: string, visibility: TagVisibility) => endpointQuery(api, searchEndpoint[visibility], { body: { term, locale } }),
};
