import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** The search index screen's read: the spec's search settings state, with what the screen shows of the index. */
export const searchIndexQueries = {
  status: (api: ApiClient) => endpointQuery(api, 'searchStatus'),
};
