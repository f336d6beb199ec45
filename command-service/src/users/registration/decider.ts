import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Sealed, UserEvent, UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { assertNotFenced, type HeldClaim } from '../../core/claims/claims';
import type { Decider } from '../../core/decider';
import { ACTIVATION_TTL_MS } from '../tokens';
import { authorizeUserAction, type UserActor } from '../user-access';
import { isoAfter, userEvolver, type UserState } from '../user-state';

/** What a registration is refused on, known before anything is claimed or sealed. */
export interface RegistrationFacts {
  actor: UserActor;
  /** The role asked for is defined. */
  roleExists: boolean;
  /** The password given (first administrator only) is on the list of common ones. */
  passwordIsCommon: boolean;
}

/** Carries everything already sealed and hashed: deciding stays pure. */
export interface RegisterUser {
  type: 'RegisterUser';
  data: RegistrationFacts & {
    userId: string;
    roleId: string;
    emailIndex: string;
    personal: Sealed;
    /** The invitation's link (null for a user created with a password): the hash, and the token sealed for the mails reactor. */
    activation: { tokenHash: string; sealedToken: Sealed } | null;
    secret: Sealed | null;
    /** ISO time of the command: the activation link lasts ACTIVATION_TTL_MS from then. */
    now: string;
    /** The address claim the registration uses: a fence on it (another took it over) refuses it. */
    usesClaim?: HeldClaim;
  };
}

export type RegistrationCommand = RegisterUser;

/**
 * The rules a registration is refused on before anything is claimed (the command checks them
 * first, and decide checks them again): only a manager (or the system) registers, the role must
 * exist, and a password given at once must not be a common one.
 */
export function checkRegistration(facts: RegistrationFacts): void {
  authorizeUserAction(facts.actor, null, { type: 'register' });
  if (!facts.roleExists) throw ValidationError.of('V_12', 'role', 'user');
  if (facts.passwordIsCommon) throw ValidationError.of('AUTH_04', 'password', 'user');
}

function decideRegistration(command: RegistrationCommand, state: UserState): UserEvent[] {
  const { userId, roleId, emailIndex, personal, activation, secret, now, usesClaim } = command.data;
  checkRegistration(command.data);
  assertNotFenced(state.fences, usesClaim, { property: 'email', model: 'user' });
  if (state.exists) throw ValidationError.of('V_06', 'email', 'user');
  const events: UserEvent[] = [{ type: 'UserRegistered', data: { userId, roleId, emailIndex, personal } }];
  if (activation) {
    events.push({ type: 'UserTokenIssued', data: { purpose: 'activation', tokenHash: activation.tokenHash, expiresAt: isoAfter(now, ACTIVATION_TTL_MS), sealedToken: activation.sealedToken } });
  }
  if (secret) {
    // Created with a password (first administrator): active at once.
    events.push({ type: 'UserPasswordChanged', data: { secret, reason: 'setup' } }, { type: 'UserActivated', data: {} });
  }
  return events;
}

/** Registering a user, in the shape every decider has. */
export const registrationDecider: Decider<RegistrationCommand, UserStreamEvent, UserState> = { ...userEvolver, decide: decideRegistration };
