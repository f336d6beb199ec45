import { userStream } from '@pagelog/contracts/events/user-events';
import type { CommandContext } from '../../core/command-context';
import { giveBack } from '../../core/claims/claims';
import { releaseEmail } from '../email-claim';
import { failingAs } from '../failing-as';
import { authorizeUserAction, type UserActor } from '../user-access';
import { isLastAdministrator, loadUser } from '../user-lookups';
import { userEvolver } from '../user-state';
import type { UsersDeps } from '../users-deps';
import { deletionDecider, type DeleteUser } from './decider';

/**
 * Deletes a user: their key is destroyed first (from then on nothing they left in events, read
 * models or their backups can be opened), then the deletion is recorded, the address released,
 * the image removed and their sessions ended. Running it again finishes an interrupted run.
 */
export async function deleteUser(deps: UsersDeps, userId: string, actor: UserActor, context: CommandContext): Promise<{ position: number }> {
  // Refused before the look-ups (every user's role) when the actor may not delete this user.
  authorizeUserAction(actor, userId, { type: 'delete' });
  const { state } = await loadUser(deps, userId);
  const command: DeleteUser = { type: 'DeleteUser', data: { actor, userId, isLastAdministrator: await isLastAdministrator(deps, userId, state) } };
  // Decided before the key is destroyed: a refused deletion destroys nothing.
  deletionDecider.decide(command, state);
  return failingAs(deps, 'UM_10', async () => {
    await deps.vault.forget(userId);
    const result = await deps.handle(userStream(userId), 'any', userEvolver, (now) => deletionDecider.decide(command, now), context);
    // The user is deleted: freeing the address must not turn that into a failure.
    await giveBack(deps, 'release the address of a deleted user', [() => releaseEmail(deps, state.emailIndex, userId, context)]);
    if (state.imageId) await deps.blobs.delete(state.imageId);
    await deps.sessions.endAllFor(userId);
    return { position: result.position };
  });
}
