import { useMemo } from 'react';
import { useApi } from '../../../core/api/api-context';
import { createPagesApi, type PagesApi } from '../api/pages-api';

/** The page calls over the app's API client (specs give the app a client over a fake fetch). */
export function usePagesApi(): PagesApi {
  const api = useApi();
  return useMemo(() => createPagesApi(api), [api]);
}
