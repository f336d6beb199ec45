import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from './api-client';

// One client for the page, created on first use, so the CSRF token and position it follows are
// shared by every screen.
let browserClient: ApiClient | undefined;

function defaultClient(): ApiClient {
  browserClient ??= createApiClient();
  return browserClient;
}

const ApiContext = createContext<ApiClient | null>(null);

/**
 * The server state of the screens: their reads are queries (see endpointQuery), read again when
 * shown and never retried or re-read on window focus, as the admin always did. A failed read is
 * logged here; the screen that made it says what the user needs to know (spec section 7).
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error('A read failed.', error) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Provides the API client and the query client over it; specs pass an API client over a fake
 * fetch. A command that answers a newer position than any seen makes every read taken before it
 * stale: the ones on screen are read again, at that position.
 */
export function ApiProvider({ client, children }: { client?: ApiClient; children: ReactNode }) {
  const api = client ?? defaultClient();
  const [queryClient] = useState(createQueryClient);
  useEffect(() => api.onPosition(() => void queryClient.invalidateQueries()), [api, queryClient]);
  return (
    <ApiContext.Provider value={api}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiContext.Provider>
  );
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside ApiProvider');
  return client;
}
