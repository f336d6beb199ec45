import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { UserEvent, UserStreamEvent } from '@pagelog/contracts/events/user-events';
import type { Decider } from '../../core/decider';
import { userEvolver, type UserState } from '../user-state';

/** A login attempt on the account that uses the address (the initial state when none does). */
export interface LogIn {
  type: 'LogIn';
  data: {
    /** The password given matches the account's secret (checked against nothing when it has none, so it takes as long). */
    passwordVerified: boolean;
  };
}

export type LoginCommand = LogIn;

/**
 * Only an activated account that exists, with the right password, logs in. An unknown address, a
 * wrong password and an account not yet activated get the same answer (AUTH_01). A login records
 * nothing in the user's stream (the session store keeps sessions), so it decides no events.
 */
function decideLogin(command: LoginCommand, state: UserState): UserEvent[] {
  if (!state.exists || state.deleted || state.status !== 'active' || !command.data.passwordVerified) throw ValidationError.of('AUTH_01', 'email', 'user');
  return [];
}

/** Logging in, in the shape every decider has. */
export const loginDecider: Decider<LoginCommand, UserStreamEvent, UserState> = { ...userEvolver, decide: decideLogin };
