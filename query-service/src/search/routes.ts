import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { QueryDeps } from '../core/query-deps';
import { searchPublic } from './public-search';
import { searchIndexStatusOf } from './index-status';

/** search/search (public: published pages only) and search/status (manage-search). */
export function searchRoutes(deps: QueryDeps): EndpointRoute[] {
  return [query('searchSearch', async (_ctx, input) => searchPublic(deps, input)), query('searchStatus', async () => searchIndexStatusOf(deps))];
}
