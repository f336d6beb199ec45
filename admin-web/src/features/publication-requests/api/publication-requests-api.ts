import type { PublicationRequestView } from '@pagelog/contracts/pages/page';
import type { ApiClient, ApiReply } from '../../../core/api/api-client';

/** GET /page/fetch-request: every open request for a reviewer, one's own otherwise (decision 0004). */
export function fetchOpenRequests(api: ApiClient): Promise<ApiReply<PublicationRequestView[]>> {
  return api.call('pageFetchRequest');
}
