import { useMemo } from 'react';
import { useApi } from '../../../core/api/api-context';
import { createUsersApi, type UsersApi } from '../api/users-api';

/** The user commands over the app's API client (specs give the app a client over a fake fetch). */
export function useUsersApi(): UsersApi {
  const api = useApi();
  return useMemo(() => createUsersApi(api), [api]);
}
