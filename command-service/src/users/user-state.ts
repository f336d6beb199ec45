import { NotFoundError } from '@pagelog/contracts/domain-errors';
import type { Sealed, TokenPurpose, UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { claimKey } from '@pagelog/contracts/events/claim-events';
import type { Evolver } from '@pagelog/contracts/events/event';
import { assertNever } from '../core/decider';

export interface IssuedToken {
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: string;
  used: boolean;
}

/** What the user deciders (registration, profile, login, password, deletion) need to know of an account's history. */
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

/** UM_02 for an account that was never registered or has been deleted. */
export function requireUser(state: UserState): void {
  if (!state.exists || state.deleted) throw new NotFoundError('UM_02', 'id', 'user');
}

/** ISO time `ms` after the ISO time `now` (token expiries are counted from the command's time). */
export const isoAfter = (now: string, ms: number): string => new Date(Date.parse(now) + ms).toISOString();
