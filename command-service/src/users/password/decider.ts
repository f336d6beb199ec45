import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Sealed, UserEvent, UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { assertNever, type Decider } from '../../core/decider';
import { ACTIVATION_TTL_MS, RESET_TTL_MS } from '../tokens';
import { isoAfter, requireUser, userEvolver, type UserState } from '../user-state';

/**
 * Forgot password: a link for the account. An account not yet activated gets a fresh activation
 * link instead of a reset link; each lasts its TTL from `now`.
 */
export interface IssueToken {
  type: 'IssueToken';
  data: {
    tokenHash: string;
    /** The token sealed with the user's key, for the mails reactor; null when the key is gone (nobody to write to). */
    sealedToken: Sealed | null;
    now: string;
  };
}

/** Reset or activation through a link: sets the password once per token. */
export interface RedeemToken {
  type: 'RedeemToken';
  data: { tokenHash: string; secret: Sealed; now: string; passwordIsCommon: boolean };
}

export type PasswordCommand = IssueToken | RedeemToken;

const unknownToken = () => ValidationError.of('V_04', 'token', 'user');

function decidePassword(command: PasswordCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'IssueToken': {
      const { tokenHash, sealedToken, now } = command.data;
      // A user whose key is gone (a deletion began) has nobody to write to.
      if (sealedToken === null) return [];
      requireUser(state);
      const purpose = state.status === 'pending' ? 'activation' : 'reset';
      const expiresAt = isoAfter(now, purpose === 'reset' ? RESET_TTL_MS : ACTIVATION_TTL_MS);
      return [{ type: 'UserTokenIssued', data: { purpose, tokenHash, expiresAt, sealedToken } }];
    }
    case 'RedeemToken': {
      const { tokenHash, secret, now, passwordIsCommon } = command.data;
      // A token naming nobody (or a deleted user) is as unknown as one never issued.
      if (!state.exists || state.deleted) throw unknownToken();
      const token = Object.values(state.tokens).find((t) => t?.tokenHash === tokenHash);
      if (!token) throw unknownToken();
      if (passwordIsCommon) throw ValidationError.of('AUTH_04', 'password', 'user');
      if (token.used || token.expiresAt <= now) throw ValidationError.of('V_05', 'token', 'user');
      const events: UserEvent[] = [
        { type: 'UserTokenUsed', data: { purpose: token.purpose, tokenHash } },
        { type: 'UserPasswordChanged', data: { secret, reason: state.status === 'pending' ? 'activation' : 'reset' } },
      ];
      if (state.status === 'pending') events.push({ type: 'UserActivated', data: {} });
      return events;
    }
    default:
      return assertNever(command);
  }
}

/** Password links (forgot password, reset, activation), in the shape every decider has. */
export const passwordDecider: Decider<PasswordCommand, UserStreamEvent, UserState> = { ...userEvolver, decide: decidePassword };
