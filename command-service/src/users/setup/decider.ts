import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { SetupEvent } from '@pagelog/contracts/events/user-events';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { Decider } from '../../core/decider';

export interface SetupState {
  completed: boolean;
  /** Only the newest link works. */
  token: { tokenHash: string; expiresAt: string } | null;
}

export const setupEvolver: Evolver<SetupState, SetupEvent> = {
  initialState: { completed: false, token: null },
  evolve(state, event) {
    if (event.type === 'SetupTokenIssued') return { ...state, token: event.data };
    if (event.type === 'SetupCompleted') return { completed: true, token: null };
    return state;
  },
};

export type SetupCommand =
  | { type: 'IssueSetupToken'; data: { tokenHash: string; expiresAt: string } }
  | { type: 'CompleteSetup'; data: { userId: string; tokenHash: string | null; now: string } };

function decideSetup(command: SetupCommand, state: SetupState): SetupEvent[] {
  if (command.type === 'IssueSetupToken') {
    if (state.completed) return [];
    return [{ type: 'SetupTokenIssued', data: command.data }];
  }
  if (state.completed) throw ValidationError.of('V_05', 'token', 'user');
  const { tokenHash, now, userId } = command.data;
  // tokenHash null: the administrator comes from the configuration or the command line.
  if (tokenHash !== null) {
    if (!state.token || state.token.tokenHash !== tokenHash) throw ValidationError.of('V_04', 'token', 'user');
    if (state.token.expiresAt <= now) throw ValidationError.of('V_05', 'token', 'user');
  }
  return [{ type: 'SetupCompleted', data: { userId } }];
}

/** First-run setup's rules, in the shape every decider has. */
export const setupDecider: Decider<SetupCommand, SetupEvent, SetupState> = { ...setupEvolver, decide: decideSetup };
