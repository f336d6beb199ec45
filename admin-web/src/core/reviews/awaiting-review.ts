import { useQuery } from '@tanstack/react-query';
import type { PublicationRequestView } from '@pagelog/contracts/pages/page';
import { useApi } from '../api/api-context';
import { endpointQuery } from '../api/endpoint-query';
import { useCurrentUser } from '../session/current-user';

/** How often the count is read again while the admin is open (a request may come in any time). */
const REFRESH_MS = 60_000;

/**
 * The open publication requests the signed-in user may decide: for a reviewer, every open request
 * but their own (nobody reviews their own request); for anyone else, none. Shared by the
 * dashboard's list and the count beside Publication requests in the navigation (one query).
 */
export function useAwaitingMyReview(): { requests: PublicationRequestView[]; loading: boolean; failed: boolean } {
  const api = useApi();
  const { user, hasPermission } = useCurrentUser();
  const reviewer = hasPermission('review-publication');
  const query = useQuery({ ...endpointQuery(api, 'pageFetchRequest'), enabled: reviewer, refetchInterval: REFRESH_MS });
  const requests = reviewer && Array.isArray(query.data) ? query.data.filter((r) => r.status === 'requested' && r.requestedBy !== user?.ID) : [];
  return { requests, loading: reviewer && query.isPending, failed: query.isError };
}
