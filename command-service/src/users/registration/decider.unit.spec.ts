import { expect } from 'chai';
import { ForbiddenError, ValidationError } from '@pagelog/contracts/domain-errors';
import { deciderSpec } from '../../core/decider-spec';
import { deleted, editor, forbidden, LATER, manager, NOW, registered } from '../user-fixtures';
import { SYSTEM_USER_ACTOR } from '../user-access';
import { registrationDecider, type RegisterUser } from './decider';

const user = deciderSpec(registrationDecider);

const register = (over: Partial<RegisterUser['data']> = {}): RegisterUser => ({
  type: 'RegisterUser',
  data: {
    actor: manager,
    roleExists: true,
    passwordIsCommon: false,
    userId: 'u1',
    roleId: 'editor',
    emailIndex: 'ix-ada',
    personal: 'sealed:ada',
    activation: { tokenHash: 'h-act', sealedToken: 'sealed:h-act' },
    secret: null,
    now: NOW,
    ...over,
  },
});

describe('user registration decider', () => {
  describe('when a user is registered', () => {
    it('records the user and issues the activation token of an invitation', () => {
      user.given().when(register()).then([
        { type: 'UserRegistered', data: { userId: 'u1', roleId: 'editor', emailIndex: 'ix-ada', personal: 'sealed:ada' } },
        { type: 'UserTokenIssued', data: { purpose: 'activation', tokenHash: 'h-act', expiresAt: LATER, sealedToken: 'sealed:h-act' } },
      ]);
    });

    it('sets the password and activates at once a user registered with a password (the first administrator)', () => {
      const events = user.given().when(register({ activation: null, secret: 'sealed:hash-1', roleId: 'administrator', actor: SYSTEM_USER_ACTOR })).then([
        { type: 'UserRegistered', data: { userId: 'u1', roleId: 'administrator', emailIndex: 'ix-ada', personal: 'sealed:ada' } },
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-1', reason: 'setup' } },
        { type: 'UserActivated', data: {} },
      ]);
      expect(user.given(...events).state).to.include({ exists: true, status: 'active', secret: 'sealed:hash-1', roleId: 'administrator' });
    });

    it('leaves an invited user pending, without a password', () => {
      const events = user.given().when(register()).thenTypes('UserRegistered', 'UserTokenIssued');
      expect(user.given(...events).state).to.include({ exists: true, status: 'pending', secret: null });
    });

    it('answers V_06 on the email for a user that exists already', () => {
      user.given(registered).when(register()).thenFails(ValidationError, [{ code: 'V_06', property: 'email', model: 'user' }]);
    });
  });

  describe('when the user has been deleted', () => {
    it('still refuses to register the same user id again', () => {
      user.given(registered, deleted).when(register()).thenFails(ValidationError);
    });
  });

  describe('when the registration is not allowed', () => {
    it('answers UM_01 to anyone without manage-users, and to no one at all', () => {
      user.given().when(register({ actor: editor })).thenFails(ForbiddenError, forbidden);
      user.given().when(register({ actor: { userId: null, permissions: [], sessionId: null } })).thenFails(ForbiddenError, forbidden);
    });

    it('answers V_12 on the role for a role that is not defined', () => {
      user.given().when(register({ roleExists: false })).thenFails(ValidationError, [{ code: 'V_12', property: 'role', model: 'user' }]);
    });

    it('answers AUTH_04 on the password for a common password given at once', () => {
      user.given().when(register({ activation: null, secret: 'sealed:hash-1', passwordIsCommon: true })).thenFails(ValidationError, [{ code: 'AUTH_04', property: 'password', model: 'user' }]);
    });

    it('answers V_06 on the email when another user took the address claim over first (ClaimFenced)', () => {
      const fenced = { type: 'ClaimFenced' as const, data: { claimStream: 'useremail-ix-ada', claimRevision: 1, takenBy: 'u2' } };
      user.given(fenced)
        .when(register({ usesClaim: { stream: 'useremail-ix-ada', revision: 1, key: 'useremail-ix-ada@1' } }))
        .thenFails(ValidationError, [{ code: 'V_06', property: 'email', model: 'user' }]);
    });
  });
});
