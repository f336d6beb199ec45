import type { RoleView } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';
import type { ApiClient } from '../../../core/api/api-client';
import { endpointQuery } from '../../../core/api/endpoint-query';
import type { Page } from '../../../components/paginated-list/paginated-list';
import type { UserListQuery } from './users-api';

/** The user and role reads, as queries keyed by their endpoint. */
export const userQueries = {
  // Always with the query: without it the API answers a plain array instead of a page.
  list: (api: ApiClient, query: UserListQuery) => endpointQuery<Page<UserView>>(api, 'userList', { query: { ...query } }),
  roles: (api: ApiClient) => endpointQuery<RoleView[]>(api, 'roleList'),
};
