import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './api-client';

// One client for the page, created on first use, so the CSRF token and position it follows are
// shared by every screen.
let browserClient: ApiClient | undefined;

function defaultClient(): ApiClient {
  browserClient ??= createApiClient();
  return browserClient;
}

const ApiContext = createContext<ApiClient | null>(null);

/** Provides the API client; specs pass one over a fake fetch. */
export function ApiProvider({ client, children }: { client?: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client ?? defaultClient()}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside ApiProvider');
  return client;
}
