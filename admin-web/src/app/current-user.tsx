import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { knownPermissions, type Permission } from '../core/permissions';

/*
 * PLACEHOLDER until authentication lands (the next issue). Everyone counts as signed in and holds
 * every known permission. The authentication issue replaces this provider with one backed by the
 * session call and the login/logout endpoints; screens keep using useCurrentUser(), so only this
 * file changes.
 */

export interface CurrentUser {
  name: string;
  permissions: readonly Permission[];
}

interface CurrentUserContextValue {
  user: CurrentUser;
  logOut: () => Promise<void>;
}

const placeholderUser: CurrentUser = { name: 'Editor', permissions: knownPermissions };

const CurrentUserContext = createContext<CurrentUserContextValue | null>(null);

export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const value = useMemo<CurrentUserContextValue>(
    () => ({
      user: placeholderUser,
      // Nothing to end yet: there is no session without authentication.
      logOut: async () => {},
    }),
    [],
  );
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): CurrentUserContextValue {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser must be used inside CurrentUserProvider');
  return value;
}
