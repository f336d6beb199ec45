import type { SessionEndReason, SessionStatus } from './current-user';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** Where the router is, as far as a redirect needs it. */
export interface RouterLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** What the login screen gets in the router state, to go back there after logging in. */
export interface LoginState {
  from: string;
}

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string; state: LoginState | null };

/**
 * The admin-route guard (spec section 2): while the session is unknown, wait; an authenticated
 * user sees the screen; anyone else goes to the login screen, which returns them to where they
 * were, unless they logged out on purpose.
 */
export function guardDecision(status: SessionStatus, location: RouterLocation, endReason: SessionEndReason | null = null): GuardDecision {
  if (status === 'unknown') return { kind: 'wait' };
  if (status === 'authenticated') return { kind: 'render' };
  const from = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return { kind: 'redirect', to: LOGIN_PATH, state: endReason === 'logout' ? null : { from } };
}

/**
 * Where to go after logging in: the remembered path if it is one of the admin's own (a path,
 * not an address elsewhere, and not the login screen itself), otherwise the page overview.
 */
export function returnPathAfterLogin(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return HOME_PATH;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`)) return HOME_PATH;
  return from;
}
