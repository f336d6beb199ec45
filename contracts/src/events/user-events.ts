import { streamOf } from './event';

import type { PermissionGrant } from '../permissions';
import type { ClaimFenced } from './claim-events';

/*
 * Users and roles are event-sourced like everything else. Personal data (name, e-mail, job
 * title, password hash) never appears in clear in an event: it is sealed with the user's own key
 * (see storage/key-store), and deleting the user destroys that key, so the events that remain
 * say only that "a user" did something. `emailIndex` is a keyed hash (HMAC) of the address, so
 * logins and uniqueness checks can find a user without the address in clear.
 */

export const userStream = (userId: string) => streamOf<UserStreamEvent>(`user-${userId}`);
export const roleStream = (roleId: string) => streamOf<RoleEvent>(`role-${roleId}`);
/** One stream per e-mail address (by its index): claiming it makes addresses unique. */
export const emailClaimStream = (emailIndex: string) => streamOf<EmailClaimEvent>(`useremail-${emailIndex}`);
/** Every user id once, so commands can go over all users (e.g. "is another administrator left?"). */
export const USER_DIRECTORY_STREAM = streamOf<UserDirectoryEvent>('user-directory');
/** First-run setup: the one-time link and who used it. */
export const SETUP_STREAM = streamOf<SetupEvent>('setup');

/** Sealed personal data: opaque text only the user's key opens. */
export type Sealed = string;

/** What the sealed `personal` field holds once opened. */
export interface PersonalData {
  name: string;
  email: string;
  jobTitle: string;
}

export type TokenPurpose = 'activation' | 'reset';

export interface UserRegistered {
  type: 'UserRegistered';
  data: { userId: string; roleId: string; emailIndex: string; personal: Sealed };
}
/** A token for the activation or reset link: only its hash is kept. */
export interface UserTokenIssued {
  type: 'UserTokenIssued';
  /**
   * Version 2 carries the token itself, sealed with the user's key, for the mails reactor to put
   * in its link (null in version 1, whose mails the command sent). Only its hash is checked.
   */
  data: { purpose: TokenPurpose; tokenHash: string; expiresAt: string; sealedToken: string | null };
}
export interface UserTokenUsed {
  type: 'UserTokenUsed';
  data: { purpose: TokenPurpose; tokenHash: string };
}
/** Links issued before (reset, activation) stop working: a new password was set another way. */
export interface UserTokensRevoked {
  type: 'UserTokensRevoked';
  data: { purposes: TokenPurpose[] };
}
export interface UserActivated {
  type: 'UserActivated';
  data: Record<string, never>;
}
/** A new password: the argon2id hash, sealed like personal data. */
export interface UserPasswordChanged {
  type: 'UserPasswordChanged';
  data: { secret: Sealed; reason: 'activation' | 'reset' | 'setup' | 'settings' | 'administrator' };
}
export interface UserProfileChanged {
  type: 'UserProfileChanged';
  data: { personal: Sealed; emailIndex: string };
}
export interface UserRoleChanged {
  type: 'UserRoleChanged';
  data: { roleId: string };
}
/** imageId names a blob sealed with the user's key; null removes the image. */
export interface UserImageChanged {
  type: 'UserImageChanged';
  data: { imageId: string | null };
}
export interface UserDeleted {
  type: 'UserDeleted';
  data: Record<string, never>;
}

export interface RoleDefined {
  type: 'RoleDefined';
  data: { roleId: string; name: string; permissions: PermissionGrant[] };
}

export interface EmailClaimed {
  type: 'EmailClaimed';
  data: { userId: string };
}
export interface EmailReleased {
  type: 'EmailReleased';
  data: { userId: string };
}

export interface UserListed {
  type: 'UserListed';
  data: { userId: string };
}

export interface SetupTokenIssued {
  type: 'SetupTokenIssued';
  data: { tokenHash: string; expiresAt: string };
}
export interface SetupCompleted {
  type: 'SetupCompleted';
  data: { userId: string };
}

export type UserEvent =
  | UserRegistered
  | UserTokenIssued
  | UserTokenUsed
  | UserTokensRevoked
  | UserActivated
  | UserPasswordChanged
  | UserProfileChanged
  | UserRoleChanged
  | UserImageChanged
  | UserDeleted;
/** What a user's stream may hold: their events, and a fence left by a takeover of their address's claim. */
export type UserStreamEvent = UserEvent | ClaimFenced;
export type RoleEvent = RoleDefined;
export type EmailClaimEvent = EmailClaimed | EmailReleased;
export type UserDirectoryEvent = UserListed;
export type SetupEvent = SetupTokenIssued | SetupCompleted;
