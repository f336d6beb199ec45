import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';

/** GET /page/fetch-request: every open request for a reviewer, one's own otherwise (decision 0004). */
export function openRequestsQuery(api: ApiClient) {
  return endpointQuery(api, 'pageFetchRequest');
}
