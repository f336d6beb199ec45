import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { userStream, type Sealed, type TokenPurpose, type UserEvent, type UserStreamEvent } from '@pagelog/contracts/events/user-events';
import { assertNotFenced, type HeldClaim } from '../../core/claims/claims';
import { assertNever, type Decider } from '../../core/decider';
import { authorizeUserAction, type UserActor } from '../user-access';
import { requireUser, userEvolver, type IssuedToken, type UserState } from '../user-state';

/** Who acts on which account, and whether its personal data can still be read (its key is gone once a deletion began). */
export interface AccountFacts {
  actor: UserActor;
  userId: string;
  personalReadable: boolean;
}

/** Facts of a role change: the role asked for, and who could still manage users. */
export interface RoleChangeFacts {
  roleId: string;
  roleExists: boolean;
  /** The new role has manage-users. */
  roleManagesUsers: boolean;
  /** Another active user can manage users. */
  otherAdministratorExists: boolean;
}

/** Facts of a password change (of the personal settings). */
export interface PasswordChangeFacts {
  currentPasswordGiven: boolean;
  /** The current password given matches the account's. */
  currentPasswordVerified: boolean;
  newPasswordIsCommon: boolean;
}

/** Everything a change of a user (PUT /user/{id}) is refused on; each of its writes carries its part. */
export interface UpdateFacts extends AccountFacts {
  /** The address differs from the one the profile has (the decider sees only sealed data). */
  emailChanges: boolean;
  role: RoleChangeFacts | null;
  password: PasswordChangeFacts | null;
}

/** Name, job title and address; the address claim it uses, and the address it was worked out from. */
export interface ChangeProfile {
  type: 'ChangeProfile';
  data: AccountFacts & {
    emailChanges: boolean;
    personal: Sealed;
    emailIndex: string;
    usesClaim?: HeldClaim;
    /** The address index the change was worked out from, and the stream's revision it is decided at. */
    basedOn?: { emailIndex: string; revision: number };
  };
}

export interface ChangeRole {
  type: 'ChangeRole';
  data: AccountFacts & RoleChangeFacts;
}

export interface ChangePassword {
  type: 'ChangePassword';
  data: AccountFacts & PasswordChangeFacts & { secret: Sealed; reason: 'settings' | 'administrator' };
}

export interface ChangeImage {
  type: 'ChangeImage';
  data: { actor: UserActor; userId: string; imageId: string | null };
}

export type ProfileCommand = ChangeProfile | ChangeRole | ChangePassword | ChangeImage;

const plainUpdate = { type: 'update', changesEmailOrRole: false, changesPassword: false } as const;

/**
 * The rules of a change of a user, in the order they are answered: whoever may not act on the
 * account learns nothing of it (UM_01 before UM_02), an account whose key is gone is not there
 * any more; a new address or role needs manage-users and a new password being the account's
 * owner; the role must exist and someone must still be able to manage users afterwards; the
 * current password must be given and right, and the new one not common. The command checks the
 * whole change before it claims an address; each write checks its part again.
 */
export function checkUpdate(facts: UpdateFacts, state: UserState): void {
  authorizeUserAction(facts.actor, facts.userId, plainUpdate);
  requireUser(state);
  if (!facts.personalReadable) throw new NotFoundError('UM_02', 'id', 'user');
  const roleChanges = facts.role !== null && facts.role.roleId !== state.roleId;
  authorizeUserAction(facts.actor, facts.userId, { type: 'update', changesEmailOrRole: facts.emailChanges || roleChanges, changesPassword: facts.password !== null });
  if (roleChanges) {
    if (!facts.role!.roleExists) throw ValidationError.of('V_12', 'role', 'user');
    if (!facts.role!.roleManagesUsers && !facts.role!.otherAdministratorExists) throw ValidationError.of('V_07', 'role', 'user');
  }
  if (facts.password) {
    if (!facts.password.currentPasswordGiven) throw ValidationError.of('V_01', 'currentPassword', 'user');
    if (!facts.password.currentPasswordVerified) throw ValidationError.of('AUTH_02', 'currentPassword', 'user');
    if (facts.password.newPasswordIsCommon) throw ValidationError.of('AUTH_04', 'newPassword', 'user');
  }
}

/** One's own image, or anyone's with manage-users. */
export function checkImageChange(facts: { actor: UserActor; userId: string }, state: UserState): void {
  authorizeUserAction(facts.actor, facts.userId, { type: 'change-image' });
  requireUser(state);
}

function decideProfile(command: ProfileCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'ChangeProfile': {
      const { personal, emailIndex, usesClaim, basedOn } = command.data;
      checkUpdate({ ...command.data, role: null, password: null }, state);
      assertNotFenced(state.fences, usesClaim, { property: 'email', model: 'user' });
      // Written over another change's new address, this one would take the old address back unclaimed.
      if (basedOn && state.emailIndex !== basedOn.emailIndex) throw new ConflictError(userStream(command.data.userId), basedOn.revision, basedOn.revision, { conflicts: ['email'] });
      if (personal === state.personal) return [];
      return [{ type: 'UserProfileChanged', data: { personal, emailIndex } }];
    }
    case 'ChangeRole':
      checkUpdate({ ...command.data, emailChanges: false, role: command.data, password: null }, state);
      if (command.data.roleId === state.roleId) return [];
      return [{ type: 'UserRoleChanged', data: { roleId: command.data.roleId } }];
    case 'ChangePassword': {
      checkUpdate({ ...command.data, emailChanges: false, role: null, password: command.data }, state);
      if (state.status !== 'active') throw new ForbiddenError('UM_01');
      // A reset link mailed before the change must not set the password again afterwards.
      const outstanding = (Object.entries(state.tokens) as [TokenPurpose, IssuedToken | undefined][])
        .filter(([, token]) => token && !token.used)
        .map(([purpose]) => purpose);
      const changed: UserEvent = { type: 'UserPasswordChanged', data: { secret: command.data.secret, reason: command.data.reason } };
      return outstanding.length > 0 ? [changed, { type: 'UserTokensRevoked', data: { purposes: outstanding } }] : [changed];
    }
    case 'ChangeImage':
      checkImageChange(command.data, state);
      if (command.data.imageId === state.imageId) return [];
      return [{ type: 'UserImageChanged', data: { imageId: command.data.imageId } }];
    default:
      return assertNever(command);
  }
}

/** A user's profile, role, password and image, in the shape every decider has. */
export const profileDecider: Decider<ProfileCommand, UserStreamEvent, UserState> = { ...userEvolver, decide: decideProfile };
