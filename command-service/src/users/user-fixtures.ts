import type { UserEvent } from '@pagelog/contracts/events/user-events';
import type { UserActor } from './user-access';

/** Events and actors the user decider specs share. */
export const NOW = '2026-03-01T12:00:00.000Z';
export const LATER = '2026-03-08T12:00:00.000Z';
export const EARLIER = '2026-02-28T12:00:00.000Z';

export const notFound = [{ code: 'UM_02', property: 'id', model: 'user' }];
export const unknownToken = [{ code: 'V_04', property: 'token', model: 'user' }];
export const spentToken = [{ code: 'V_05', property: 'token', model: 'user' }];
export const forbidden = [{ code: 'UM_01', property: '', model: '' }];

export const registered: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', roleId: 'editor', emailIndex: 'ix-ada', personal: 'sealed:ada' } };
export const tokenIssued = (purpose: 'activation' | 'reset', tokenHash: string, expiresAt = LATER): UserEvent => ({
  type: 'UserTokenIssued',
  data: { purpose, tokenHash, expiresAt, sealedToken: `sealed:${tokenHash}` },
});
export const tokenUsed = (purpose: 'activation' | 'reset', tokenHash: string): UserEvent => ({ type: 'UserTokenUsed', data: { purpose, tokenHash } });
export const passwordChanged = (secret: string, reason: 'activation' | 'reset' | 'setup' | 'settings' | 'administrator' = 'activation'): UserEvent => ({
  type: 'UserPasswordChanged',
  data: { secret, reason },
});
export const activated: UserEvent = { type: 'UserActivated', data: {} };
export const deleted: UserEvent = { type: 'UserDeleted', data: {} };
/** A user who activated their account with the link and so has a password. */
export const activeUser = [registered, tokenIssued('activation', 'h-act'), tokenUsed('activation', 'h-act'), passwordChanged('sealed:hash-1'), activated];

/** Someone with manage-users (not the user u1). */
export const manager: UserActor = { userId: 'm1', permissions: [{ name: 'manage-users' }], sessionId: null };
/** The user u1 themselves, an editor. */
export const editor: UserActor = { userId: 'u1', permissions: [{ name: 'edit-page' }], sessionId: null };
