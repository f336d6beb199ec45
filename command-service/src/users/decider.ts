import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { Sealed, TokenPurpose, UserEvent, UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { claimKey } from '@pagelog/contracts/events/claim-events';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { Decider } from '../core/decider';
import { assertNever } from '../core/decider';

export interface IssuedToken {
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: string;
  used: boolean;
}

export interface UserState {
  exists: boolean;
  /** Address claims of this user that another took over while this one did not use them (ClaimFenced, by claimKey). */
  fences: string[];
  deleted: boolean;
  status: 'pending' | 'active';
  roleId: string;
  emailIndex: string;
  personal: Sealed | null;
  secret: Sealed | null;
  imageId: string | null;
  /** Only the newest token of each purpose counts; issuing one replaces the last. */
  tokens: Partial<Record<TokenPurpose, IssuedToken>>;
}

export const initialUserState: UserState = {
  exists: false,
  fences: [],
  deleted: false,
  status: 'pending',
  roleId: '',
  emailIndex: '',
  personal: null,
  secret: null,
  imageId: null,
  tokens: {},
};

export const userEvolver: Evolver<UserState, UserStreamEvent> = {
  initialState: initialUserState,
  evolve(state, event) {
    switch (event.type) {
      case 'ClaimFenced':
        return { ...state, fences: [...state.fences, claimKey(event.data.claimStream, event.data.claimRevision)] };
      case 'UserRegistered':
        return { ...state, exists: true, roleId: event.data.roleId, emailIndex: event.data.emailIndex, personal: event.data.personal };
      case 'UserTokenIssued':
        // The sealed token is the mails reactor's; the state keeps what a redemption is checked against.
        return { ...state, tokens: { ...state.tokens, [event.data.purpose]: { purpose: event.data.purpose, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, used: false } } };
      case 'UserTokenUsed': {
        const token = state.tokens[event.data.purpose];
        if (!token || token.tokenHash !== event.data.tokenHash) return state;
        return { ...state, tokens: { ...state.tokens, [event.data.purpose]: { ...token, used: true } } };
      }
      case 'UserTokensRevoked': {
        const tokens = { ...state.tokens };
        for (const purpose of event.data.purposes) delete tokens[purpose];
        return { ...state, tokens };
      }
      case 'UserActivated':
        return { ...state, status: 'active' };
      case 'UserPasswordChanged':
        return { ...state, secret: event.data.secret };
      case 'UserProfileChanged':
        return { ...state, personal: event.data.personal, emailIndex: event.data.emailIndex };
      case 'UserRoleChanged':
        return { ...state, roleId: event.data.roleId };
      case 'UserImageChanged':
        return { ...state, imageId: event.data.imageId };
      case 'UserDeleted':
        return { ...state, deleted: true, personal: null, secret: null, imageId: null, tokens: {} };
      default:
        return assertNever(event);
    }
  },
};

/** Commands carry everything already sealed and hashed: deciding stays pure. */
export type UserCommand =
  | { type: 'RegisterUser'; data: { userId: string; roleId: string; emailIndex: string; personal: Sealed; activation: { tokenHash: string; expiresAt: string; sealedToken: Sealed } | null; secret: Sealed | null } }
  | { type: 'IssueToken'; data: { purpose: TokenPurpose; tokenHash: string; expiresAt: string; sealedToken: Sealed } }
  | { type: 'RedeemToken'; data: { tokenHash: string; secret: Sealed; now: string } }
  | { type: 'ChangeProfile'; data: { personal: Sealed; emailIndex: string } }
  | { type: 'ChangeRole'; data: { roleId: string } }
  | { type: 'ChangePassword'; data: { secret: Sealed; reason: 'settings' | 'administrator' } }
  | { type: 'ChangeImage'; data: { imageId: string | null } }
  | { type: 'DeleteUser'; data: Record<string, never> };

const missing = () => new NotFoundError('UM_02', 'id', 'user');

function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.exists) throw ValidationError.of('V_06', 'email', 'user');
    const { userId, roleId, emailIndex, personal, activation, secret } = command.data;
    const events: UserEvent[] = [{ type: 'UserRegistered', data: { userId, roleId, emailIndex, personal } }];
    if (activation) events.push({ type: 'UserTokenIssued', data: { purpose: 'activation', ...activation } });
    if (secret) {
      // Created with a password (first administrator): active at once.
      events.push({ type: 'UserPasswordChanged', data: { secret, reason: 'setup' } }, { type: 'UserActivated', data: {} });
    }
    return events;
  }
  if (!state.exists || state.deleted) throw missing();
  switch (command.type) {
    case 'IssueToken':
      return [{ type: 'UserTokenIssued', data: command.data }];
    case 'RedeemToken': {
      const { tokenHash, secret, now } = command.data;
      const token = Object.values(state.tokens).find((t) => t?.tokenHash === tokenHash);
      if (!token) throw ValidationError.of('V_04', 'token', 'user');
      if (token.used || token.expiresAt <= now) throw ValidationError.of('V_05', 'token', 'user');
      const events: UserEvent[] = [
        { type: 'UserTokenUsed', data: { purpose: token.purpose, tokenHash } },
        { type: 'UserPasswordChanged', data: { secret, reason: state.status === 'pending' ? 'activation' : 'reset' } },
      ];
      if (state.status === 'pending') events.push({ type: 'UserActivated', data: {} });
      return events;
    }
    case 'ChangeProfile':
      if (command.data.personal === state.personal) return [];
      return [{ type: 'UserProfileChanged', data: command.data }];
    case 'ChangeRole':
      if (command.data.roleId === state.roleId) return [];
      return [{ type: 'UserRoleChanged', data: command.data }];
    case 'ChangePassword': {
      if (state.status !== 'active') throw new ForbiddenError('UM_01');
      // A reset link mailed before the change must not set the password again afterwards.
      const outstanding = (Object.entries(state.tokens) as [TokenPurpose, IssuedToken | undefined][])
        .filter(([, token]) => token && !token.used)
        .map(([purpose]) => purpose);
      const changed: UserEvent = { type: 'UserPasswordChanged', data: command.data };
      return outstanding.length > 0 ? [changed, { type: 'UserTokensRevoked', data: { purposes: outstanding } }] : [changed];
    }
    case 'ChangeImage':
      if (command.data.imageId === state.imageId) return [];
      return [{ type: 'UserImageChanged', data: command.data }];
    case 'DeleteUser':
      return [{ type: 'UserDeleted', data: {} }];
    default:
      return assertNever(command);
  }
}

/** A user account's rules, in the shape every decider has. */
export const userDecider: Decider<UserCommand, UserStreamEvent, UserState> = { ...userEvolver, decide: decideUser };

/**
 * Who is asking, as the user commands see them. The access middleware has checked the endpoint's
 * permission already; the commands check again from these facts (a second line), so a route
 * that is ever reachable without the gate still cannot act for someone who may not.
 */
export interface UserActor {
  /** Null for the system (first-run setup, the command line) acting without a session. */
  userId: string | null;
  permissions: readonly { name: string }[];
  /** The session the request came with, kept alive when a password change ends the others. */
  sessionId: string | null;
  /** The system itself: first-run setup and the command line. */
  system?: boolean;
}

/** What an actor wants to do to a user account. */
export type UserAction =
  | { type: 'register' }
  | { type: 'update'; changesEmailOrRole: boolean; changesPassword: boolean }
  | { type: 'delete' }
  | { type: 'change-image' };

/**
 * The rules of who may act on a user account: managing users needs manage-users; one's own
 * profile and image need nothing more than being oneself; a password is changed only by its
 * owner (with the current one); nobody deletes themselves. Throws UM_01 or V_07.
 */
export function authorizeUserAction(actor: UserActor, targetUserId: string | null, action: UserAction): void {
  if (actor.system) return;
  const manager = actor.permissions.some((p) => p.name === 'manage-users');
  const self = actor.userId !== null && actor.userId === targetUserId;
  switch (action.type) {
    case 'register':
      if (!manager) throw new ForbiddenError('UM_01');
      return;
    case 'update':
      if (!manager && !self) throw new ForbiddenError('UM_01');
      if (action.changesEmailOrRole && !manager) throw new ForbiddenError('UM_01');
      if (action.changesPassword && !self) throw new ForbiddenError('UM_01');
      return;
    case 'delete':
      if (!manager) throw new ForbiddenError('UM_01');
      if (self) throw ValidationError.of('V_07', 'id', 'user');
      return;
    case 'change-image':
      if (!manager && !self) throw new ForbiddenError('UM_01');
      return;
    default:
      return assertNever(action);
  }
}

/** The system actor of first-run setup and the command line. */
export const SYSTEM_USER_ACTOR: UserActor = { userId: null, permissions: [], sessionId: null, system: true };
