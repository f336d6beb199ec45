import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageListItem } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';

/**
 * The pages a field names by id (POST /page/get-multiple), to show each by its title and path;
 * an id of no page (deleted) is absent. `loading` until the first answer. Asked by the set of
 * ids, not their order, so moving a page in the list asks nothing again; while another set is
 * asked for (a page added or removed), the pages already known keep their titles.
 */
export function usePagesById(ids: readonly string[]): { pages: ReadonlyMap<string, PageListItem>; loading: boolean } {
  const api = useApi();
  const query = useQuery({
    ...endpointQuery(api, 'pageGetMultiple', { body: { pageIDs: [...new Set(ids)].sort() } }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const found = Array.isArray(query.data) ? query.data : [];
  return { pages: new Map(found.map((page) => [page.id, page])), loading: ids.length > 0 && query.isPending };
}
