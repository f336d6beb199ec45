import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { CurrentUserProvider } from './current-user';
import { createI18n } from './i18n/create-i18n';

/** Everything a screen may rely on, apart from the router. */
export function AppProvider({ children, i18n }: { children: ReactNode; i18n?: i18n }) {
  const [instance] = useState(() => i18n ?? createI18n());
  return (
    <I18nextProvider i18n={instance}>
      <CurrentUserProvider>{children}</CurrentUserProvider>
    </I18nextProvider>
  );
}
