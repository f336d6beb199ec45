import { USER_DIRECTORY_STREAM, userStream } from '@pagelog/contracts/events/user-events';
import { hasPermission } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';
import { roleFromEvents, userViewFromEvents } from '@pagelog/service-kit/auth/user-view';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import { userEvolver, type UserState } from './user-state';
import type { UsersDeps } from './users-deps';

/**
 * The look-ups the user commands make to gather the facts their deciders are given (the deciders
 * read nothing themselves).
 */
export const loadUser = (deps: Pick<UsersDeps, 'store'>, userId: string) => loadStream(deps.store, userStream(userId), userEvolver);

/** A role as the deciders need it: whether it is defined, and whether it can manage users. */
export async function roleFacts(deps: Pick<UsersDeps, 'store'>, roleId: string): Promise<{ exists: boolean; managesUsers: boolean }> {
  const role = await roleFromEvents(deps.store, roleId);
  return { exists: role !== null, managesUsers: hasPermission(role?.permissions, 'manage-users') };
}

/** Whether an active user other than `userId` can still manage users (someone must). */
export async function otherAdministratorExists(deps: Pick<UsersDeps, 'store'>, userId: string): Promise<boolean> {
  const listed = await deps.store.readStream(USER_DIRECTORY_STREAM);
  for (const e of listed) {
    const id = (e.data as { userId: string }).userId;
    if (id === userId) continue;
    const { state } = await loadUser(deps, id);
    if (!state.exists || state.deleted || state.status !== 'active') continue;
    if ((await roleFacts(deps, state.roleId)).managesUsers) return true;
  }
  return false;
}

/** Whether the user is an active administrator (manage-users) and no other active user is one. */
export async function isLastAdministrator(deps: Pick<UsersDeps, 'store'>, userId: string, state: UserState): Promise<boolean> {
  if (state.status !== 'active' || !(await roleFacts(deps, state.roleId)).managesUsers) return false;
  return !(await otherAdministratorExists(deps, userId));
}

/** The user as the answers show them (null once their key is gone). */
export const userViewOf = async (deps: Pick<UsersDeps, 'store' | 'vault'>, userId: string): Promise<UserView> => (await userViewFromEvents(deps.store, deps.vault, userId))!;
