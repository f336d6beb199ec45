import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { UserEvent, UserStreamEvent } from '@pagelog/contracts/events/user-events';
import type { Decider } from '../../core/decider';
import { authorizeUserAction, type UserActor } from '../user-access';
import { requireUser, userEvolver, type UserState } from '../user-state';

export interface DeleteUser {
  type: 'DeleteUser';
  data: {
    actor: UserActor;
    userId: string;
    /** The user is an active administrator (manage-users) and no other active user is one. */
    isLastAdministrator: boolean;
  };
}

export type DeletionCommand = DeleteUser;

/**
 * Only a manager deletes a user, never themselves (V_07), and never the last one who can manage
 * users (V_07). The command decides once before the key is destroyed, and again when recording.
 */
function decideDeletion(command: DeletionCommand, state: UserState): UserEvent[] {
  const { actor, userId, isLastAdministrator } = command.data;
  authorizeUserAction(actor, userId, { type: 'delete' });
  requireUser(state);
  if (isLastAdministrator) throw ValidationError.of('V_07', 'id', 'user');
  return [{ type: 'UserDeleted', data: {} }];
}

/** Deleting a user, in the shape every decider has. */
export const deletionDecider: Decider<DeletionCommand, UserStreamEvent, UserState> = { ...userEvolver, decide: decideDeletion };
