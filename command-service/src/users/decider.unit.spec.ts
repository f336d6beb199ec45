import { expect } from 'chai';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { UserEvent } from '@pagelog/contracts/events/user-events';
import { assertFails, deciderSpec } from '../core/decider-spec';
import { authorizeUserAction, initialUserState, SYSTEM_USER_ACTOR, userDecider, userEvolver, type UserActor, type UserCommand } from './decider';

const NOW = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-08T12:00:00.000Z';
const EARLIER = '2026-02-28T12:00:00.000Z';

const user = deciderSpec(userDecider);
const notFound = [{ code: 'UM_02', property: 'id', model: 'user' }];
const unknownToken = [{ code: 'V_04', property: 'token', model: 'user' }];
const spentToken = [{ code: 'V_05', property: 'token', model: 'user' }];

const registered: UserEvent = { type: 'UserRegistered', data: { userId: 'u1', roleId: 'editor', emailIndex: 'ix-ada', personal: 'sealed:ada' } };
const tokenIssued = (purpose: 'activation' | 'reset', tokenHash: string, expiresAt = LATER): UserEvent => ({
  type: 'UserTokenIssued',
  data: { purpose, tokenHash, expiresAt, sealedToken: `sealed:${tokenHash}` },
});
const tokenUsed = (purpose: 'activation' | 'reset', tokenHash: string): UserEvent => ({ type: 'UserTokenUsed', data: { purpose, tokenHash } });
const passwordChanged = (secret: string, reason: 'activation' | 'reset' | 'setup' | 'settings' | 'administrator' = 'activation'): UserEvent => ({
  type: 'UserPasswordChanged',
  data: { secret, reason },
});
const activated: UserEvent = { type: 'UserActivated', data: {} };
const deleted: UserEvent = { type: 'UserDeleted', data: {} };
/** A user who activated their account with the link and so has a password. */
const activeUser = [registered, tokenIssued('activation', 'h-act'), tokenUsed('activation', 'h-act'), passwordChanged('sealed:hash-1'), activated];

const register = (over: Partial<Extract<UserCommand, { type: 'RegisterUser' }>['data']> = {}): UserCommand => ({
  type: 'RegisterUser',
  data: { userId: 'u1', roleId: 'editor', emailIndex: 'ix-ada', personal: 'sealed:ada', activation: { tokenHash: 'h-act', expiresAt: LATER, sealedToken: 'sealed:h-act' }, secret: null, ...over },
});
const redeem = (tokenHash: string, now = NOW): UserCommand => ({ type: 'RedeemToken', data: { tokenHash, secret: 'sealed:new-hash', now } });

/** One of every command that needs an existing user. */
const commandsOnAUser: UserCommand[] = [
  { type: 'IssueToken', data: { purpose: 'reset', tokenHash: 'h-r', expiresAt: LATER, sealedToken: 'sealed:h-r' } },
  redeem('h-act'),
  { type: 'ChangeProfile', data: { personal: 'sealed:other', emailIndex: 'ix-other' } },
  { type: 'ChangeRole', data: { roleId: 'publisher' } },
  { type: 'ChangePassword', data: { secret: 'sealed:x', reason: 'settings' } },
  { type: 'ChangeImage', data: { imageId: 'img-1' } },
  { type: 'DeleteUser', data: {} },
];

describe('user decider', () => {
  describe('when a user is registered', () => {
    it('records the user and issues the activation token of an invitation', () => {
      user.given().when(register()).then([
        { type: 'UserRegistered', data: { userId: 'u1', roleId: 'editor', emailIndex: 'ix-ada', personal: 'sealed:ada' } },
        { type: 'UserTokenIssued', data: { purpose: 'activation', tokenHash: 'h-act', expiresAt: LATER, sealedToken: 'sealed:h-act' } },
      ]);
    });

    it('sets the password and activates at once a user registered with a password (the first administrator)', () => {
      const events = user.given().when(register({ activation: null, secret: 'sealed:hash-1', roleId: 'administrator' })).then([
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

    it('still refuses to register the same user id again', () => {
      user.given(registered, deleted).when(register()).thenFails(ValidationError);
    });
  });

  describe('when a link token is redeemed', () => {
    const pending = [registered, tokenIssued('activation', 'h-act')];

    it('answers V_04 for a token the user was never issued', () => {
      user.given(...pending).when(redeem('h-unknown')).thenFails(ValidationError, unknownToken);
    });

    it('answers V_05 for a token that was used already', () => {
      user.given(...activeUser).when(redeem('h-act')).thenFails(ValidationError, spentToken);
    });

    it('answers V_05 for a token that has expired', () => {
      user.given(...pending).when(redeem('h-act', LATER)).thenFails(ValidationError, spentToken);
      user.given(...pending).when(redeem('h-act', '2026-03-09T00:00:00.000Z')).thenFails(ValidationError);
    });

    it('accepts a token up to the moment before it expires', () => {
      user.given(...pending).when(redeem('h-act', '2026-03-08T11:59:59.999Z')).thenTypes('UserTokenUsed', 'UserPasswordChanged', 'UserActivated');
    });

    it('uses the activation token, sets the password and activates a pending user', () => {
      const events = user.given(...pending).when(redeem('h-act')).then([
        { type: 'UserTokenUsed', data: { purpose: 'activation', tokenHash: 'h-act' } },
        { type: 'UserPasswordChanged', data: { secret: 'sealed:new-hash', reason: 'activation' } },
        { type: 'UserActivated', data: {} },
      ]);
      const { state } = user.given(...pending, ...events);
      expect(state.status).to.equal('active');
      expect(state.secret).to.equal('sealed:new-hash');
      expect(state.tokens.activation?.used).to.equal(true);
    });

    it('resets the password of an active user with a reset token, without activating again', () => {
      user.given(...activeUser, tokenIssued('reset', 'h-reset')).when(redeem('h-reset')).then([
        { type: 'UserTokenUsed', data: { purpose: 'reset', tokenHash: 'h-reset' } },
        { type: 'UserPasswordChanged', data: { secret: 'sealed:new-hash', reason: 'reset' } },
      ]);
    });

    it('does not accept a reset token twice', () => {
      const history = [...activeUser, tokenIssued('reset', 'h-reset')];
      const events = user.given(...history).when(redeem('h-reset')).thenTypes('UserTokenUsed', 'UserPasswordChanged');
      user.given(...history, ...events).when(redeem('h-reset')).thenFails(ValidationError, spentToken);
    });

    it('forgets an older token once a newer one of the same purpose is issued', () => {
      const reissued = user.given(...activeUser, tokenIssued('reset', 'h-reset-1'), tokenIssued('reset', 'h-reset-2'));
      reissued.when(redeem('h-reset-1')).thenFails(ValidationError, unknownToken);
      reissued.when(redeem('h-reset-2')).thenTypes('UserTokenUsed', 'UserPasswordChanged');
    });

    it('keeps a token of the other purpose when a new one is issued', () => {
      const [used] = user.given(registered, tokenIssued('activation', 'h-act'), tokenIssued('reset', 'h-reset')).when(redeem('h-act')).thenTypes('UserTokenUsed', 'UserPasswordChanged', 'UserActivated');
      expect(used).to.deep.equal({ type: 'UserTokenUsed', data: { purpose: 'activation', tokenHash: 'h-act' } });
    });
  });

  describe('when a token is issued', () => {
    it('records the token for an existing user', () => {
      const command: UserCommand = { type: 'IssueToken', data: { purpose: 'reset', tokenHash: 'h-r', expiresAt: LATER, sealedToken: 'sealed:h-r' } };
      user.given(...activeUser).when(command).then([{ type: 'UserTokenIssued', data: { purpose: 'reset', tokenHash: 'h-r', expiresAt: LATER, sealedToken: 'sealed:h-r' } }]);
    });
  });

  describe('when a user is changed', () => {
    const active = user.given(...activeUser);

    it('records a new profile', () => {
      active.when({ type: 'ChangeProfile', data: { personal: 'sealed:ada-2', emailIndex: 'ix-ada-2' } }).then([{ type: 'UserProfileChanged', data: { personal: 'sealed:ada-2', emailIndex: 'ix-ada-2' } }]);
    });

    it('records nothing for the profile it already has', () => {
      active.when({ type: 'ChangeProfile', data: { personal: 'sealed:ada', emailIndex: 'ix-ada' } }).thenNothing();
    });

    it('records a new role, and nothing for the role it already has', () => {
      active.when({ type: 'ChangeRole', data: { roleId: 'publisher' } }).then([{ type: 'UserRoleChanged', data: { roleId: 'publisher' } }]);
      active.when({ type: 'ChangeRole', data: { roleId: 'editor' } }).thenNothing();
    });

    it('records a new image, its removal, and nothing when it stays the same', () => {
      active.when({ type: 'ChangeImage', data: { imageId: 'img-1' } }).then([{ type: 'UserImageChanged', data: { imageId: 'img-1' } }]);
      const withImage = user.given(...activeUser, { type: 'UserImageChanged', data: { imageId: 'img-1' } });
      withImage.when({ type: 'ChangeImage', data: { imageId: 'img-1' } }).thenNothing();
      withImage.when({ type: 'ChangeImage', data: { imageId: null } }).then([{ type: 'UserImageChanged', data: { imageId: null } }]);
      active.when({ type: 'ChangeImage', data: { imageId: null } }).thenNothing();
    });

    it('changes the password of an active user', () => {
      active.when({ type: 'ChangePassword', data: { secret: 'sealed:hash-2', reason: 'administrator' } }).then([
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-2', reason: 'administrator' } },
      ]);
    });

    it('answers UM_01 (forbidden) to a password change of a user who has not activated yet', () => {
      user.given(registered, tokenIssued('activation', 'h-act')).when({ type: 'ChangePassword', data: { secret: 'sealed:x', reason: 'settings' } }).thenFails(ForbiddenError, [
        { code: 'UM_01', property: '', model: '' },
      ]);
    });
  });

  describe('when the password is changed while a link is out', () => {
    it('revokes the unused reset link, so the mail cannot set the password again afterwards', () => {
      const history = [...activeUser, tokenIssued('reset', 'h-reset')];
      const events = user.given(...history).when({ type: 'ChangePassword', data: { secret: 'sealed:hash-2', reason: 'settings' } }).then([
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-2', reason: 'settings' } },
        { type: 'UserTokensRevoked', data: { purposes: ['reset'] } },
      ]);
      user.given(...history, ...events).when({ type: 'RedeemToken', data: { tokenHash: 'h-reset', secret: 'sealed:x', now: NOW } }).thenFails(ValidationError, unknownToken);
    });

    it('revokes nothing when every link has been used', () => {
      user.given(...activeUser).when({ type: 'ChangePassword', data: { secret: 'sealed:hash-2', reason: 'settings' } }).thenTypes('UserPasswordChanged');
    });
  });

  describe('who may act on an account (checked again by every user command)', () => {
    const manager: UserActor = { userId: 'm1', permissions: [{ name: 'manage-users' }], sessionId: null };
    const editor: UserActor = { userId: 'u1', permissions: [{ name: 'edit-page' }], sessionId: null };
    const plain = { type: 'update' as const, changesEmailOrRole: false, changesPassword: false };
    const forbidden = [{ code: 'UM_01', property: '', model: '' }];
    const self = [{ code: 'V_07', property: 'id', model: 'user' }];

    it('lets only a manager register or delete someone, and nobody delete themselves', () => {
      expect(() => authorizeUserAction(manager, null, { type: 'register' })).to.not.throw();
      assertFails(() => authorizeUserAction(editor, null, { type: 'register' }), ForbiddenError, forbidden);
      assertFails(() => authorizeUserAction(editor, 'u2', { type: 'delete' }), ForbiddenError, forbidden);
      assertFails(() => authorizeUserAction(editor, 'u1', { type: 'delete' }), ForbiddenError, forbidden);
      assertFails(() => authorizeUserAction(manager, 'm1', { type: 'delete' }), ValidationError, self);
      expect(() => authorizeUserAction(manager, 'u2', { type: 'delete' })).to.not.throw();
    });

    it('lets anyone change their own profile and image, and only a manager someone else\'s, e-mail address and role included', () => {
      expect(() => authorizeUserAction(editor, 'u1', plain)).to.not.throw();
      expect(() => authorizeUserAction(editor, 'u1', { type: 'change-image' })).to.not.throw();
      assertFails(() => authorizeUserAction(editor, 'u2', plain), ForbiddenError, forbidden);
      assertFails(() => authorizeUserAction(editor, 'u2', { type: 'change-image' }), ForbiddenError, forbidden);
      assertFails(() => authorizeUserAction(editor, 'u1', { ...plain, changesEmailOrRole: true }), ForbiddenError, forbidden);
      expect(() => authorizeUserAction(manager, 'u2', { ...plain, changesEmailOrRole: true })).to.not.throw();
    });

    it('lets a password be changed only by its owner, and the system do what setup needs', () => {
      expect(() => authorizeUserAction(editor, 'u1', { ...plain, changesPassword: true })).to.not.throw();
      assertFails(() => authorizeUserAction(manager, 'u2', { ...plain, changesPassword: true }), ForbiddenError, forbidden);
      expect(() => authorizeUserAction(SYSTEM_USER_ACTOR, null, { type: 'register' })).to.not.throw();
      // No session at all is no one: refused.
      assertFails(() => authorizeUserAction({ userId: null, permissions: [], sessionId: null }, null, { type: 'register' }), ForbiddenError, forbidden);
    });
  });

  describe('when a user is deleted', () => {
    it('records the deletion and forgets everything personal', () => {
      const history: UserEvent[] = [...activeUser, { type: 'UserImageChanged', data: { imageId: 'img-1' } }, tokenIssued('reset', 'h-reset')];
      const events = user.given(...history).when({ type: 'DeleteUser', data: {} }).then([{ type: 'UserDeleted', data: {} }]);
      expect(user.given(...history, ...events).state).to.deep.include({ exists: true, deleted: true, personal: null, secret: null, imageId: null, tokens: {} });
    });
  });

  describe('the evolver', () => {
    it('starts from a user that does not exist', () => {
      expect(userEvolver.initialState).to.equal(initialUserState);
      expect(initialUserState).to.deep.equal({
        exists: false, fences: [], deleted: false, status: 'pending', roleId: '', emailIndex: '', personal: null, secret: null, imageId: null, tokens: {},
      });
    });

    it('remembers the address claims another user took over from this one (ClaimFenced), by claim event', () => {
      const fenced = { type: 'ClaimFenced' as const, data: { claimStream: 'useremail-ix', claimRevision: 3, takenBy: 'u2' } };
      expect(userEvolver.evolve(initialUserState, fenced)).to.deep.include({ exists: false, fences: ['useremail-ix@3'] });
    });

    it('folds every event type of a user into its state', () => {
      const history: UserEvent[] = [
        registered,
        tokenIssued('activation', 'h-act', LATER),
        tokenUsed('activation', 'h-act'),
        passwordChanged('sealed:hash-1'),
        activated,
        { type: 'UserProfileChanged', data: { personal: 'sealed:ada-2', emailIndex: 'ix-ada-2' } },
        { type: 'UserRoleChanged', data: { roleId: 'publisher' } },
        { type: 'UserImageChanged', data: { imageId: 'img-1' } },
        tokenIssued('reset', 'h-reset', EARLIER),
      ];
      expect(user.given(...history).state).to.deep.equal({
        exists: true,
        fences: [],
        deleted: false,
        status: 'active',
        roleId: 'publisher',
        emailIndex: 'ix-ada-2',
        personal: 'sealed:ada-2',
        secret: 'sealed:hash-1',
        imageId: 'img-1',
        tokens: {
          activation: { purpose: 'activation', tokenHash: 'h-act', expiresAt: LATER, used: true },
          reset: { purpose: 'reset', tokenHash: 'h-reset', expiresAt: EARLIER, used: false },
        },
      });
      expect(user.given(...history, deleted).state).to.deep.equal({
        exists: true, fences: [], deleted: true, status: 'active', roleId: 'publisher', emailIndex: 'ix-ada-2', personal: null, secret: null, imageId: null, tokens: {},
      });
    });

    it('ignores the use of a token that has since been replaced', () => {
      const { state } = user.given(registered, tokenIssued('reset', 'h-1'), tokenIssued('reset', 'h-2'), tokenUsed('reset', 'h-1'));
      expect(state.tokens.reset).to.deep.equal({ purpose: 'reset', tokenHash: 'h-2', expiresAt: LATER, used: false });
    });

    it('does not change the state it is given', () => {
      const { state: before } = user.given(registered, tokenIssued('activation', 'h-act'));
      const snapshot = structuredClone(before);
      userEvolver.evolve(before, tokenUsed('activation', 'h-act'));
      userEvolver.evolve(before, deleted);
      expect(before).to.deep.equal(snapshot);
    });
  });
});
