import { useQuery } from '@tanstack/react-query';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';

/**
 * The pages a field names by id (POST /page/get-multiple), to show each by its title and path;
 * an id of no page (deleted) is absent. `loading` until the first answer.
 */
export function usePagesById(ids: readonly string[]): { pages: ReadonlyMap<string, PageListItem>; loading: boolean } {
  const api = useApi();
  const query = useQuery({ ...endpointQuery(api, 'pageGetMultiple', { body: { pageIDs: [...ids] } }), enabled: ids.length > 0 });
  const found = Array.isArray(query.data) ? query.data : [];
  return { pages: new Map(found.map((page) => [page.id, page])), loading: ids.length > 0 && query.isPending };
}
