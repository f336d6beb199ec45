import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { EmailClaimEvent } from '@pagelog/contracts/events/user-events';
import type { Evolver } from '../core/decider';

/** Who holds an e-mail address (by its index), if anyone. */
export interface EmailClaimState {
  owner: string | null;
}

export const emailClaimEvolver: Evolver<EmailClaimState, EmailClaimEvent> = {
  initialState: { owner: null },
  evolve(state, event) {
    if (event.type === 'EmailClaimed') return { owner: event.data.userId };
    if (event.type === 'EmailReleased') return state.owner === event.data.userId ? { owner: null } : state;
    return state;
  },
};

/**
 * Claims an address for a user. `ownerLive` says whether the current owner still exists (a
 * claim left by a crash before its user was created, or by a deleted user, is free again).
 */
export function decideEmailClaim(state: EmailClaimState, userId: string, ownerLive: boolean): EmailClaimEvent[] {
  if (state.owner === userId) return [];
  if (state.owner !== null && ownerLive) throw ValidationError.of('V_06', 'email', 'user');
  return [{ type: 'EmailClaimed', data: { userId } }];
}

export function decideEmailRelease(state: EmailClaimState, userId: string): EmailClaimEvent[] {
  return state.owner === userId ? [{ type: 'EmailReleased', data: { userId } }] : [];
}
