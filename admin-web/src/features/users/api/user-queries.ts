import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import type { ListPage } from '@pagelog/contracts/pages/page';
import type { UserView } from '@pagelog/contracts/users/user';
import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';
import type { UserListQuery } from './users-api';

/** The user list as a page; the plain array, which a call without pageSize gets, as one page. */
function asPage(data: ResponseOf<'userList'>): ListPage<UserView> {
  return Array.isArray(data) ? { items: data, totalItems: data.length } : data;
}

/** The user and role reads, as queries keyed by their endpoint. */
export const userQueries = {
  // Always with the query: without it the API answers a plain array instead of a page.
  list: (api: ApiClient, query: UserListQuery) => queryOptions({ ...endpointQuery(api, 'userList', { query: { ...query } }), select: asPage }),
  roles: (api: ApiClient) => endpointQuery(api, 'roleList'),
};
