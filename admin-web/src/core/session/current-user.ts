import { createContext, useContext } from 'react';
import type { PermissionGrant, RoleView } from '@pagelog/contracts/permissions';
import type { Permission } from '../permissions';

/** Spec section 4: unknown until the session check answers. */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

/** Why the last session ended, for the login screen's notice and the return path. */
export type SessionEndReason = 'logout' | 'inactivity' | 'expired';

export interface CurrentUser {
  ID: string;
  name: string;
  email: string;
  jobTitle: string;
  /** URL of the profile image, or null. */
  image: string | null;
  role: RoleView | null;
  /** The names the navigation and screens gate on. */
  permissions: readonly Permission[];
  /** The same permissions with their parameters. */
  grants: readonly PermissionGrant[];
}

export interface CurrentUserContextValue {
  status: SessionStatus;
  /** null unless authenticated. */
  user: CurrentUser | null;
  /** Minutes without activity before the admin logs out (from the session check). */
  inactivityMinutes: number;
  /** Set when the session ended; cleared by the next login. */
  endReason: SessionEndReason | null;
  hasPermission(name: Permission): boolean;
  /** POST /auth/user: (re)establishes the session state. */
  checkSession(): Promise<void>;
  /** POST /auth/login; its errors go into the `login` collection. Resolves whether it worked. */
  logIn(credentials: { email: string; password: string }): Promise<boolean>;
  /** POST /auth/logout, then the session counts as ended whatever the reply. */
  logOut(reason?: SessionEndReason): Promise<void>;
  /** GET /user: re-reads the current user after it changed (personal settings). */
  refreshUser(): Promise<void>;
}

export const CurrentUserContext = createContext<CurrentUserContextValue | null>(null);

/** The session and the signed-in user, for every screen (provided by app/current-user). */
export function useCurrentUser(): CurrentUserContextValue {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser must be used inside CurrentUserProvider');
  return value;
}
