import { userStream, type PersonalData } from '@pagelog/contracts/events/user-events';
import type { UserView } from '@pagelog/contracts/users/user';
import type { CommandContext } from '../../core/command-context';
import { claimOf, giveBack } from '../../core/claims/claims';
import { claimEmail, emailIndexOf, emailKind, giveBackEmail, releaseEmail } from '../email-claim';
import { hashPassword, isCommonPassword, verifyPassword } from '../passwords';
import { authorizeUserAction, type UserActor } from '../user-access';
import { loadUser, otherAdministratorExists, roleFacts, userViewOf } from '../user-lookups';
import { userEvolver } from '../user-state';
import type { UsersDeps } from '../users-deps';
import { checkImageChange, checkUpdate, profileDecider, type ProfileCommand, type RoleChangeFacts, type UpdateFacts } from './decider';

export interface UserChanges {
  email?: string;
  roleId?: string;
  name?: string;
  jobTitle?: string;
  currentPassword?: string;
  newPassword?: string;
}

/** Decides a profile command on the user's stream; `command` is built at the revision it is decided at. */
const decideOn = (deps: UsersDeps, userId: string, command: (revision: number) => ProfileCommand, context: CommandContext) =>
  deps.handle(userStream(userId), 'any', userEvolver, (state, revision) => profileDecider.decide(command(revision), state), context);

/**
 * PUT /user/{id}: profile, address and role (the last two only with manage-users), and the
 * password change of the personal settings (only one's own, with the current password).
 */
export async function updateUser(deps: UsersDeps, userId: string, changes: UserChanges, actor: UserActor, context: CommandContext): Promise<{ position: number; view: UserView }> {
  // Whoever may not change this user at all is refused before anything is looked up (a password
  // check, every user's role): the decider checks the whole change again with its facts.
  authorizeUserAction(actor, userId, { type: 'update', changesEmailOrRole: false, changesPassword: Boolean(changes.newPassword) });
  const { state } = await loadUser(deps, userId);
  // No key: the user's deletion was interrupted after the key was destroyed; they are gone.
  const personal = state.personal ? await deps.vault.open<PersonalData>(userId, state.personal) : null;
  const email = changes.email?.trim().toLowerCase();
  const emailChanges = personal !== null && email !== undefined && email !== personal.email;
  const newPassword = changes.newPassword ? changes.newPassword : null;
  const account = { actor, userId, personalReadable: personal !== null };
  const facts: UpdateFacts = {
    ...account,
    emailChanges,
    // Looked up only when the role changes: only then do they count.
    role: changes.roleId !== undefined && changes.roleId !== state.roleId ? await roleChangeFacts(deps, userId, changes.roleId) : null,
    password: newPassword === null
      ? null
      : {
          currentPasswordGiven: Boolean(changes.currentPassword),
          currentPasswordVerified: Boolean(changes.currentPassword) && state.secret !== null && (await currentPasswordMatches(deps, userId, state.secret, changes.currentPassword!)),
          newPasswordIsCommon: isCommonPassword(newPassword),
        },
  };
  // The whole change is checked before an address is claimed or anything is written.
  checkUpdate(facts, state);
  const next: PersonalData = {
    name: changes.name ?? personal!.name,
    email: email ?? personal!.email,
    jobTitle: changes.jobTitle ?? personal!.jobTitle,
  };
  const secret = newPassword === null ? null : await deps.vault.seal(userId, await hashPassword(newPassword));
  let position = 0;
  const track = (r: { position: number }) => (position = Math.max(position, r.position));
  const emailIndex = emailChanges ? emailIndexOf(deps, next.email) : state.emailIndex;
  // The claim on the address it leaves, read before it leaves it: given back after the change,
  // that claim event and no later one.
  const leftClaim = emailChanges ? await claimOf(deps, emailKind(state.emailIndex), userId) : null;
  const held = emailChanges ? await claimEmail(deps, emailIndex, userId, context) : undefined;
  if (next.name !== personal!.name || next.jobTitle !== personal!.jobTitle || emailChanges) {
    try {
      const sealed = await deps.vault.seal(userId, next);
      track(
        await decideOn(
          deps,
          userId,
          (revision) => ({ type: 'ChangeProfile', data: { ...account, emailChanges, personal: sealed, emailIndex, usesClaim: held, basedOn: { emailIndex: state.emailIndex, revision } } }),
          context,
        ),
      );
    } catch (error) {
      // The new address goes back (unless the change was written after all); the old one stays.
      if (held) await giveBackEmail(deps, emailIndex, userId, held, context, error);
      throw error;
    }
  }
  // The change is done: freeing the old address must not turn it into a failure.
  if (leftClaim) await giveBack(deps, 'release the old address of a changed user', [() => releaseEmail(deps, state.emailIndex, userId, context, leftClaim.revision)]);
  if (facts.role) {
    const role = facts.role;
    track(await decideOn(deps, userId, () => ({ type: 'ChangeRole', data: { ...account, ...role } }), context));
  }
  if (secret !== null && facts.password) {
    const password = facts.password;
    track(await decideOn(deps, userId, () => ({ type: 'ChangePassword', data: { ...account, ...password, secret, reason: 'settings' } }), context));
    // A new password ends every other session of the user.
    await deps.sessions.endAllFor(userId, actor.userId === userId ? (actor.sessionId ?? undefined) : undefined);
  }
  return { position, view: await userViewOf(deps, userId) };
}

async function roleChangeFacts(deps: UsersDeps, userId: string, roleId: string): Promise<RoleChangeFacts> {
  const role = await roleFacts(deps, roleId);
  return { roleId, roleExists: role.exists, roleManagesUsers: role.managesUsers, otherAdministratorExists: await otherAdministratorExists(deps, userId) };
}

async function currentPasswordMatches(deps: UsersDeps, userId: string, secret: string, password: string): Promise<boolean> {
  const current = await deps.vault.open<string>(userId, secret);
  return current !== null && (await verifyPassword(current, password));
}

/** Stores a processed (validated, re-encoded) profile image, sealed with the user's key. */
export async function setUserImage(
  deps: UsersDeps,
  userId: string,
  image: { bytes: Buffer; contentType: string },
  actor: UserActor,
  context: CommandContext,
): Promise<{ position: number; view: UserView }> {
  const { state } = await loadUser(deps, userId);
  // Refused before anything is stored.
  checkImageChange({ actor, userId }, state);
  const sealed = await deps.vault.sealBytes(userId, image.bytes);
  // Content-addressed: the image's id is the hash of its sealed bytes (a new IV each time).
  const { key: imageId } = await deps.blobs.put([sealed], { contentType: image.contentType });
  const result = await decideOn(deps, userId, () => ({ type: 'ChangeImage', data: { actor, userId, imageId } }), context);
  if (result.replayed) {
    // A keyed retry of a change already made: the image its first attempt recorded stays (the
    // loaded state holds it already), and the one sealed again now is not used.
    const recorded = result.events[0];
    if (recorded?.type !== 'UserImageChanged' || recorded.data.imageId !== imageId) await deps.blobs.delete(imageId);
  } else if (state.imageId) {
    await deps.blobs.delete(state.imageId);
  }
  return { position: result.position, view: await userViewOf(deps, userId) };
}

export async function removeUserImage(deps: UsersDeps, userId: string, actor: UserActor, context: CommandContext): Promise<{ position: number; view: UserView }> {
  const { state } = await loadUser(deps, userId);
  const result = await decideOn(deps, userId, () => ({ type: 'ChangeImage', data: { actor, userId, imageId: null } }), context);
  if (state.imageId) await deps.blobs.delete(state.imageId);
  return { position: result.position, view: await userViewOf(deps, userId) };
}
