import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@pagelog/contracts/endpoints';
import type { UserView, SessionInfo } from '@pagelog/contracts/users/user';
import { useApi } from '../core/api/api-context';
import { useErrorStore } from '../core/errors/error-store-context';
import {
  CurrentUserContext,
  type CurrentUser,
  type CurrentUserContextValue,
  type SessionEndReason,
  type SessionStatus,
} from '../core/session/current-user';
import { keepSessionAlive } from '../core/timing/keep-session-alive';
import { watchInactivity } from '../core/timing/watch-inactivity';
import { browserStorage, forgetDrafts } from '../features/pages/state/local-draft-store';

/** Used when the session check does not say (spec section 9 leaves the value open). */
export const DEFAULT_INACTIVITY_MINUTES = 30;

/** The user as the session check (ID 0 without a session), the login and the current-user read answer it. */
type SessionCheckData = ResponseOf<'authUser'> | ResponseOf<'authLogin'>;

interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
  inactivityMinutes: number;
  endReason: SessionEndReason | null;
}

/** A known session to start from, instead of asking the server (specs). */
export interface InitialSession {
  /** null: nobody is signed in. */
  user: UserView | null;
  inactivityMinutes?: number;
}

/** The API's user as the screens use it. */
export function toCurrentUser(user: UserView): CurrentUser {
  const grants = user.role?.permissions ?? [];
  return {
    ID: String(user.ID),
    name: user.name ?? user.profile?.name ?? '',
    email: user.email ?? '',
    jobTitle: user.jobTitle ?? user.profile?.jobTitle ?? '',
    image: user.image ?? user.profile?.image ?? null,
    role: user.role ?? null,
    permissions: grants.map((grant) => grant.name),
    grants,
  };
}

function isSignedIn(data: SessionCheckData | null | undefined): data is UserView & { session?: Partial<SessionInfo> } {
  return !!data && data.ID !== 0 && data.ID !== '0';
}

function inactivityMinutesOf(data: { session?: Partial<SessionInfo> }): number {
  const minutes = data.session?.inactivityMinutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_INACTIVITY_MINUTES;
}

/**
 * Whether the end of a session deletes the unsaved page drafts its user kept in this browser.
 * Only an explicit log-out does: the user said they are done, perhaps on a shared computer, so
 * their drafts (and any of the old unkeyed format) go. A session that ends without them choosing
 * it (inactivity, a 401 once the server's session ran out, a failed refresh) keeps them: surviving
 * that is what the drafts are for, and being keyed by user they are offered back only to the same
 * user after logging in again, never to whoever signs in next.
 */
export function sessionEndForgetsDrafts(reason: SessionEndReason): boolean {
  return reason === 'logout';
}

const unknownSession: SessionState = { status: 'unknown', user: null, inactivityMinutes: DEFAULT_INACTIVITY_MINUTES, endReason: null };

/**
 * The session (spec section 4) behind useCurrentUser(): checked once at start (POST /auth/user),
 * set by login, cleared by logout, by a 401 of a call that needs a session, and by the
 * inactivity helper. While signed in it refreshes the session every five minutes of activity and
 * reloads the page when that fails. A login starts with nothing read for the session before.
 */
export function CurrentUserProvider({ children, initial }: { children: ReactNode; initial?: InitialSession }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [drafts] = useState(browserStorage);
  const errors = useErrorStore();
  const [state, setState] = useState<SessionState>(() => {
    if (!initial) return unknownSession;
    if (!initial.user) return { ...unknownSession, status: 'anonymous' };
    return {
      status: 'authenticated',
      user: toCurrentUser(initial.user),
      inactivityMinutes: initial.inactivityMinutes ?? DEFAULT_INACTIVITY_MINUTES,
      endReason: null,
    };
  });

  const signIn = useCallback((data: UserView & { session?: Partial<SessionInfo> }) => {
    setState({ status: 'authenticated', user: toCurrentUser(data), inactivityMinutes: inactivityMinutesOf(data), endReason: null });
  }, []);

  const end = useCallback((reason: SessionEndReason | null) => {
    setState((current) => ({ ...unknownSession, status: 'anonymous', endReason: reason ?? current.endReason }));
  }, []);

  const checkSession = useCallback(async () => {
    const reply = await api.call('authUser');
    if (reply.Success && isSignedIn(reply.data)) signIn(reply.data);
    // No session, or the check itself failed: either way nobody is signed in.
    else end(null);
  }, [api, signIn, end]);

  const logIn = useCallback<CurrentUserContextValue['logIn']>(
    async ({ email, password }) => {
      errors.clear('login');
      const reply = await api.call('authLogin', { body: { email, password } });
      if (!reply.Success) {
        errors.set('login', reply.Errors);
        return false;
      }
      // A new session starts with nothing read for the one before.
      queryClient.clear();
      const user = (reply.User ?? reply.data) as SessionCheckData | null;
      if (isSignedIn(user)) signIn(user);
      // The session check adds the session settings (and hands out the rotated CSRF token).
      const check = await api.call('authUser');
      if (check.Success && isSignedIn(check.data)) signIn(check.data);
      else if (!isSignedIn(user)) end(null);
      return isSignedIn(user) || (check.Success && isSignedIn(check.data));
    },
    [api, errors, queryClient, signIn, end],
  );

  const userId = state.user?.ID ?? null;
  const logOut = useCallback<CurrentUserContextValue['logOut']>(
    async (reason = 'logout') => {
      // Before the call: the drafts go even when the server cannot be reached.
      if (userId && sessionEndForgetsDrafts(reason)) forgetDrafts(drafts, userId);
      await api.call('authLogout', { body: {} });
      end(reason);
      // The ended session's CSRF token is void; the session check starts an anonymous session
      // whose token the login and forgot-password calls need.
      await api.call('authUser');
    },
    [api, end, userId, drafts],
  );

  const refreshUser = useCallback(async () => {
    const reply = await api.call('userCurrent');
    if (reply.Success && isSignedIn(reply.data)) {
      const user = toCurrentUser(reply.data);
      setState((current) => (current.status === 'authenticated' ? { ...current, user } : current));
    }
  }, [api]);

  // Boot: find out whether there is a session.
  const booted = useRef(!!initial);
  useEffect(() => {
    if (booted.current) return;
    booted.current = true;
    void checkSession();
  }, [checkSession]);

  // A call that needed a session got 401: the session ran out on the server. The user's drafts
  // stay in the browser for them (sessionEndForgetsDrafts('expired') is false).
  useEffect(
    () =>
      api.onSessionEnd(() => {
        setState((current) => (current.status === 'authenticated' ? { ...unknownSession, status: 'anonymous', endReason: 'expired' } : current));
        // A fresh anonymous session, and its CSRF token, for logging in again.
        void api.call('authUser');
      }),
    [api],
  );

  const { status, inactivityMinutes } = state;

  useEffect(() => {
    if (status !== 'authenticated') return;
    return watchInactivity({ minutes: inactivityMinutes, onInactive: () => void logOut('inactivity') });
  }, [status, inactivityMinutes, logOut]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    return keepSessionAlive({
      refresh: async () => (await api.call('authRefreshSession', { body: {} })).Success,
      // Spec section 7: a failed refresh reloads the whole page (which then checks the session).
      onFailure: () => window.location.reload(),
    });
  }, [status, api]);

  const value = useMemo<CurrentUserContextValue>(
    () => ({
      ...state,
      hasPermission: (name) => !!state.user?.permissions.includes(name),
      checkSession,
      logIn,
      logOut,
      refreshUser,
    }),
    [state, checkSession, logIn, logOut, refreshUser],
  );

  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}
