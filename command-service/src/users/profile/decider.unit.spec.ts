import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { assertFails, deciderSpec } from '../../core/decider-spec';
import { activeUser, deleted, editor, forbidden, manager, notFound, NOW, registered, tokenIssued, unknownToken } from '../user-fixtures';
import { passwordDecider } from '../password/decider';
import { initialUserState } from '../user-state';
import { checkUpdate, profileDecider, type ChangePassword, type ProfileCommand, type UpdateFacts } from './decider';

const user = deciderSpec(profileDecider);
/** The user u1 acting on their own account; `manager` acts on anyone's. */
const account = { actor: editor, userId: 'u1', personalReadable: true };
const asManager = { ...account, actor: manager };

const changeProfile = (personal: string, emailIndex: string, over: object = {}): ProfileCommand => ({ type: 'ChangeProfile', data: { ...asManager, emailChanges: emailIndex !== 'ix-ada', personal, emailIndex, ...over } });
const changeRole = (roleId: string, over: object = {}): ProfileCommand => ({
  type: 'ChangeRole',
  data: { ...asManager, roleId, roleExists: true, roleManagesUsers: false, otherAdministratorExists: true, ...over },
});
const changePassword = (secret: string, reason: ChangePassword['data']['reason'], over: object = {}): ProfileCommand => ({
  type: 'ChangePassword',
  data: { ...account, secret, reason, currentPasswordGiven: true, currentPasswordVerified: true, newPasswordIsCommon: false, ...over },
});
const changeImage = (imageId: string | null): ProfileCommand => ({ type: 'ChangeImage', data: { ...account, imageId } });

/** One of every command of the profile that needs an existing user. */
const commandsOnAUser: ProfileCommand[] = [changeProfile('sealed:other', 'ix-other'), changeRole('publisher'), changePassword('sealed:x', 'settings'), changeImage('img-1')];

/** A change of u1 that changes nothing but what `over` says. */
const update = (over: Partial<UpdateFacts> = {}): UpdateFacts => ({ ...account, emailChanges: false, role: null, password: null, ...over });
const activeState = user.given(...activeUser).state;

describe('user profile decider', () => {
  describe('when the user does not exist', () => {
    for (const command of commandsOnAUser) {
      it(`answers UM_02 (not found) to ${command.type}`, () => {
        user.given().when(command).thenFails(NotFoundError, notFound);
      });
    }
  });

  describe('when the user has been deleted', () => {
    for (const command of commandsOnAUser) {
      it(`answers UM_02 (not found) to ${command.type}`, () => {
        user.given(...activeUser, deleted).when(command).thenFails(NotFoundError, notFound);
      });
    }
  });

  describe('when a user is changed', () => {
    const active = user.given(...activeUser);

    it('records a new profile', () => {
      active.when(changeProfile('sealed:ada-2', 'ix-ada-2')).then([{ type: 'UserProfileChanged', data: { personal: 'sealed:ada-2', emailIndex: 'ix-ada-2' } }]);
    });

    it('records nothing for the profile it already has', () => {
      active.when(changeProfile('sealed:ada', 'ix-ada')).thenNothing();
    });

    it('records a new role, and nothing for the role it already has', () => {
      active.when(changeRole('publisher')).then([{ type: 'UserRoleChanged', data: { roleId: 'publisher' } }]);
      active.when(changeRole('editor')).thenNothing();
    });

    it('records a new image, its removal, and nothing when it stays the same', () => {
      active.when(changeImage('img-1')).then([{ type: 'UserImageChanged', data: { imageId: 'img-1' } }]);
      const withImage = user.given(...activeUser, { type: 'UserImageChanged', data: { imageId: 'img-1' } });
      withImage.when(changeImage('img-1')).thenNothing();
      withImage.when(changeImage(null)).then([{ type: 'UserImageChanged', data: { imageId: null } }]);
      active.when(changeImage(null)).thenNothing();
    });

    it('changes the password of an active user', () => {
      active.when(changePassword('sealed:hash-2', 'administrator')).then([{ type: 'UserPasswordChanged', data: { secret: 'sealed:hash-2', reason: 'administrator' } }]);
    });

    it('answers UM_01 (forbidden) to a password change of a user who has not activated yet', () => {
      user.given(registered, tokenIssued('activation', 'h-act')).when(changePassword('sealed:x', 'settings')).thenFails(ForbiddenError, [{ code: 'UM_01', property: '', model: '' }]);
    });
  });

  describe('when the password is changed while a link is out', () => {
    it('revokes the unused reset link, so the mail cannot set the password again afterwards', () => {
      const history = [...activeUser, tokenIssued('reset', 'h-reset')];
      const events = user.given(...history).when(changePassword('sealed:hash-2', 'settings')).then([
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-2', reason: 'settings' } },
        { type: 'UserTokensRevoked', data: { purposes: ['reset'] } },
      ]);
      deciderSpec(passwordDecider).given(...history, ...events).when({ type: 'RedeemToken', data: { tokenHash: 'h-reset', secret: 'sealed:x', now: NOW, passwordIsCommon: false } }).thenFails(ValidationError, unknownToken);
    });

    it('revokes nothing when every link has been used', () => {
      user.given(...activeUser).when(changePassword('sealed:hash-2', 'settings')).thenTypes('UserPasswordChanged');
    });
  });

  describe('when a change is not allowed', () => {
    const someoneElse = { ...editor, userId: 'u2' };

    it('answers UM_01 to someone else without manage-users, before telling whether the user exists', () => {
      user.given(...activeUser).when(changeImage('img-1')).then([{ type: 'UserImageChanged', data: { imageId: 'img-1' } }]);
      user.given(...activeUser).when({ type: 'ChangeImage', data: { actor: someoneElse, userId: 'u1', imageId: 'img-1' } }).thenFails(ForbiddenError, forbidden);
      assertFails(() => checkUpdate(update({ actor: someoneElse }), initialUserState), ForbiddenError, forbidden);
    });

    it('answers UM_02 when the user\'s key is gone (a deletion was interrupted)', () => {
      user.given(...activeUser).when(changeProfile('sealed:ada-2', 'ix-ada', { personalReadable: false })).thenFails(NotFoundError, notFound);
    });

    it('answers UM_01 to a new address or role without manage-users', () => {
      user.given(...activeUser).when(changeProfile('sealed:ada-2', 'ix-ada-2', { actor: editor })).thenFails(ForbiddenError, forbidden);
      user.given(...activeUser).when(changeRole('publisher', { actor: editor })).thenFails(ForbiddenError, forbidden);
    });

    it('answers UM_01 to a password change by anyone but the account\'s owner, manager or not', () => {
      user.given(...activeUser).when(changePassword('sealed:x', 'settings', { actor: manager })).thenFails(ForbiddenError, forbidden);
    });

    it('answers V_12 to a role that is not defined', () => {
      user.given(...activeUser).when(changeRole('ghost', { roleExists: false })).thenFails(ValidationError, [{ code: 'V_12', property: 'role', model: 'user' }]);
    });

    it('answers V_07 to a role change that would leave nobody who can manage users, and lets it through when someone still can', () => {
      user.given(...activeUser).when(changeRole('publisher', { otherAdministratorExists: false })).thenFails(ValidationError, [{ code: 'V_07', property: 'role', model: 'user' }]);
      user.given(...activeUser).when(changeRole('administrator', { otherAdministratorExists: false, roleManagesUsers: true })).thenTypes('UserRoleChanged');
    });

    it('answers V_01, AUTH_02 and AUTH_04 for a missing or wrong current password and a common new one', () => {
      const on = (property: string, code: string) => [{ code, property, model: 'user' }];
      user.given(...activeUser).when(changePassword('sealed:x', 'settings', { currentPasswordGiven: false, currentPasswordVerified: false })).thenFails(ValidationError, on('currentPassword', 'V_01'));
      user.given(...activeUser).when(changePassword('sealed:x', 'settings', { currentPasswordVerified: false })).thenFails(ValidationError, on('currentPassword', 'AUTH_02'));
      user.given(...activeUser).when(changePassword('sealed:x', 'settings', { newPasswordIsCommon: true })).thenFails(ValidationError, on('newPassword', 'AUTH_04'));
    });

    it('checks a whole change in one order: who may act before which role, before the password', () => {
      const state = activeState;
      const role = { roleId: 'ghost', roleExists: false, roleManagesUsers: false, otherAdministratorExists: true };
      const password = { currentPasswordGiven: true, currentPasswordVerified: false, newPasswordIsCommon: false };
      assertFails(() => checkUpdate(update({ actor: manager, role, password }), state), ForbiddenError, forbidden);
      assertFails(() => checkUpdate(update({ actor: { ...manager, userId: 'u1' }, role, password }), state), ValidationError, [{ code: 'V_12', property: 'role', model: 'user' }]);
    });

    it('answers V_06 on the email when another user took the new address over first, and 409 when the address moved meanwhile', () => {
      const fenced = { type: 'ClaimFenced' as const, data: { claimStream: 'useremail-ix-ada-2', claimRevision: 1, takenBy: 'u2' } };
      user.given(...activeUser, fenced)
        .when(changeProfile('sealed:ada-2', 'ix-ada-2', { usesClaim: { stream: 'useremail-ix-ada-2', revision: 1, key: 'useremail-ix-ada-2@1' } }))
        .thenFails(ValidationError, [{ code: 'V_06', property: 'email', model: 'user' }]);
      user.given(...activeUser).when(changeProfile('sealed:ada-3', 'ix-ada-3', { basedOn: { emailIndex: 'ix-ada-2', revision: 5 } })).thenFails(ConflictError);
    });
  });
});

