import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import type { ApiClient } from '../core/api/api-client';
import { ApiProvider } from '../core/api/api-context';
import type { ErrorStore } from '../core/errors/error-store';
import { ErrorStoreProvider } from '../core/errors/error-store-context';
import { CurrentUserProvider, type InitialSession } from './current-user';
import { createI18n } from './i18n/create-i18n';

interface AppProviderProps {
  children: ReactNode;
  i18n?: i18n;
  /** Specs pass a client over a fake fetch; the app uses the browser's. */
  api?: ApiClient;
  errors?: ErrorStore;
  /** Starts signed in as this user, without the session check (specs). */
  session?: InitialSession;
}

/** Everything a screen may rely on, apart from the router. */
export function AppProvider({ children, i18n, api, errors, session }: AppProviderProps) {
  const [instance] = useState(() => i18n ?? createI18n());
  return (
    <I18nextProvider i18n={instance}>
      <ApiProvider client={api}>
        <ErrorStoreProvider store={errors}>
          <CurrentUserProvider initial={session}>{children}</CurrentUserProvider>
        </ErrorStoreProvider>
      </ApiProvider>
    </I18nextProvider>
  );
}
