import { ForbiddenError, ValidationError } from '@pagelog/contracts/domain-errors';
import { assertNever } from '../core/decider';

/**
 * Who is asking, as the user deciders see them: the facts every user command carries. The access
 * middleware has checked the endpoint's permission already; the deciders check again from these
 * facts (a second line), so a route that is ever reachable without the gate still cannot act for
 * someone who may not.
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
 * The rules of who may act on a user account, applied by every user decider: managing users
 * needs manage-users; one's own profile and image need nothing more than being oneself; a
 * password is changed only by its owner (with the current one); nobody deletes themselves.
 * Throws UM_01 or V_07. Pure: the actor's permissions are facts of the command.
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
