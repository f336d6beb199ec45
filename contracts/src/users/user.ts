import type { RoleView } from '../permissions';

/** A user as the API answers it (spec section 3). `ID` 0 means "no session". */
export interface UserView {
  ID: string | 0;
  name: string;
  email: string;
  jobTitle: string;
  /** URL of the profile image, or null. */
  image: string | null;
  role: RoleView | null;
  /** pending until the user has activated their account and chosen a password. */
  status: 'pending' | 'active';
  profile: { name: string; jobTitle: string; image: string | null };
  createdAt?: string;
  updatedAt?: string;
}

/** The answer of the session check without a session. */
export const ANONYMOUS_USER = { ID: 0 } as const;

/** Shown wherever a deleted user's name would be (history, authors). */
export const DELETED_USER_NAME = 'deleted user';

/** What the session check adds for the admin client. */
export interface SessionInfo {
  /** Minutes without mouse move, click, scroll or keypress before the admin logs out. */
  inactivityMinutes: number;
}

/** Header carrying the session's CSRF token, both ways. */
export const CSRF_HEADER = 'X-CSRF-Token';
/** Every state-changing call also sends X-Requested-With: XMLHttpRequest. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';

/** Profile image limits (spec sections 5 and 9). */
export const PROFILE_IMAGE = { maxBytes: 2 * 1024 * 1024, maxWidth: 1024, maxHeight: 1024, field: 'profileImage' } as const;

/** Admin routes of the links in mails (below the public URL). */
/** A link that carries a token; built from the configured public URL, never a request's Host header. */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

export const adminLinks = {
  activateAccount: '/cmsadmin/activate-account',
  resetPassword: '/cmsadmin/reset-password',
  setup: '/cmsadmin/setup',
} as const;
