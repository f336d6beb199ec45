import { expect } from 'chai';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { UserEvent } from '@pagelog/contracts/events/user-events';
import { authorizeUserAction, decideUser, initialUserState, SYSTEM_USER_ACTOR, userEvolver, type UserActor, type UserCommand, type UserState } from './decider';

const NOW = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-08T12:00:00.000Z';
const EARLIER = '2026-02-28T12:00:00.000Z';

const given = (...events: UserEvent[]): UserState => events.reduce(userEvolver.evolve, userEvolver.initialState);
const then = (state: UserState, command: UserCommand) => decideUser(command, state);
const errorItems = (fn: () => unknown, type: new (...args: never[]) => Error) => {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return (error as ValidationError).items.map(({ code, property, model }) => ({ code, property, model }));
  }
  expect.fail('expected the decider to throw');
};

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
      expect(then(given(), register())).to.deep.equal([
        { type: 'UserRegistered', data: { userId: 'u1', roleId: 'editor', emailIndex: 'ix-ada', personal: 'sealed:ada' } },
        { type: 'UserTokenIssued', data: { purpose: 'activation', tokenHash: 'h-act', expiresAt: LATER, sealedToken: 'sealed:h-act' } },
      ]);
    });

    it('sets the password and activates at once a user registered with a password (the first administrator)', () => {
      const events = then(given(), register({ activation: null, secret: 'sealed:hash-1', roleId: 'administrator' }));
      expect(events).to.deep.equal([
        { type: 'UserRegistered', data: { userId: 'u1', roleId: 'administrator', emailIndex: 'ix-ada', personal: 'sealed:ada' } },
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-1', reason: 'setup' } },
        { type: 'UserActivated', data: {} },
      ]);
      const state = given(...events);
      expect(state).to.include({ exists: true, status: 'active', secret: 'sealed:hash-1', roleId: 'administrator' });
    });

    it('leaves an invited user pending, without a password', () => {
      const state = given(...then(given(), register()));
      expect(state).to.include({ exists: true, status: 'pending', secret: null });
    });

    it('answers V_06 on the email for a user that exists already', () => {
      expect(errorItems(() => then(given(registered), register()), ValidationError)).to.deep.equal([{ code: 'V_06', property: 'email', model: 'user' }]);
    });
  });

  describe('when the user does not exist', () => {
    for (const command of commandsOnAUser) {
      it(`answers UM_02 (not found) to ${command.type}`, () => {
        expect(errorItems(() => then(given(), command), NotFoundError)).to.deep.equal([{ code: 'UM_02', property: 'id', model: 'user' }]);
      });
    }
  });

  describe('when the user has been deleted', () => {
    for (const command of commandsOnAUser) {
      it(`answers UM_02 (not found) to ${command.type}`, () => {
        expect(errorItems(() => then(given(...activeUser, deleted), command), NotFoundError)).to.deep.equal([{ code: 'UM_02', property: 'id', model: 'user' }]);
      });
    }

    it('still refuses to register the same user id again', () => {
      expect(() => then(given(registered, deleted), register())).to.throw(ValidationError);
    });
  });

  describe('when a link token is redeemed', () => {
    const pending = [registered, tokenIssued('activation', 'h-act')];

    it('answers V_04 for a token the user was never issued', () => {
      expect(errorItems(() => then(given(...pending), redeem('h-unknown')), ValidationError)).to.deep.equal([{ code: 'V_04', property: 'token', model: 'user' }]);
    });

    it('answers V_05 for a token that was used already', () => {
      expect(errorItems(() => then(given(...activeUser), redeem('h-act')), ValidationError)).to.deep.equal([{ code: 'V_05', property: 'token', model: 'user' }]);
    });

    it('answers V_05 for a token that has expired', () => {
      expect(errorItems(() => then(given(...pending), redeem('h-act', LATER)), ValidationError)).to.deep.equal([{ code: 'V_05', property: 'token', model: 'user' }]);
      expect(() => then(given(...pending), redeem('h-act', '2026-03-09T00:00:00.000Z'))).to.throw(ValidationError);
    });

    it('accepts a token up to the moment before it expires', () => {
      expect(then(given(...pending), redeem('h-act', '2026-03-08T11:59:59.999Z'))).to.have.length(3);
    });

    it('uses the activation token, sets the password and activates a pending user', () => {
      const events = then(given(...pending), redeem('h-act'));
      expect(events).to.deep.equal([
        { type: 'UserTokenUsed', data: { purpose: 'activation', tokenHash: 'h-act' } },
        { type: 'UserPasswordChanged', data: { secret: 'sealed:new-hash', reason: 'activation' } },
        { type: 'UserActivated', data: {} },
      ]);
      const state = given(...pending, ...events);
      expect(state.status).to.equal('active');
      expect(state.secret).to.equal('sealed:new-hash');
      expect(state.tokens.activation?.used).to.equal(true);
    });

    it('resets the password of an active user with a reset token, without activating again', () => {
      const events = then(given(...activeUser, tokenIssued('reset', 'h-reset')), redeem('h-reset'));
      expect(events).to.deep.equal([
        { type: 'UserTokenUsed', data: { purpose: 'reset', tokenHash: 'h-reset' } },
        { type: 'UserPasswordChanged', data: { secret: 'sealed:new-hash', reason: 'reset' } },
      ]);
    });

    it('does not accept a reset token twice', () => {
      const history = [...activeUser, tokenIssued('reset', 'h-reset')];
      const events = then(given(...history), redeem('h-reset'));
      expect(() => then(given(...history, ...events), redeem('h-reset'))).to.throw(ValidationError).with.nested.property('items[0].code', 'V_05');
    });

    it('forgets an older token once a newer one of the same purpose is issued', () => {
      const state = given(...activeUser, tokenIssued('reset', 'h-reset-1'), tokenIssued('reset', 'h-reset-2'));
      expect(errorItems(() => then(state, redeem('h-reset-1')), ValidationError)).to.deep.equal([{ code: 'V_04', property: 'token', model: 'user' }]);
      expect(then(state, redeem('h-reset-2'))).to.have.length(2);
    });

    it('keeps a token of the other purpose when a new one is issued', () => {
      const state = given(registered, tokenIssued('activation', 'h-act'), tokenIssued('reset', 'h-reset'));
      expect(then(state, redeem('h-act'))[0]).to.deep.equal({ type: 'UserTokenUsed', data: { purpose: 'activation', tokenHash: 'h-act' } });
    });
  });

  describe('when a token is issued', () => {
    it('records the token for an existing user', () => {
      const command: UserCommand = { type: 'IssueToken', data: { purpose: 'reset', tokenHash: 'h-r', expiresAt: LATER, sealedToken: 'sealed:h-r' } };
      expect(then(given(...activeUser), command)).to.deep.equal([{ type: 'UserTokenIssued', data: { purpose: 'reset', tokenHash: 'h-r', expiresAt: LATER, sealedToken: 'sealed:h-r' } }]);
    });
  });

  describe('when a user is changed', () => {
    it('records a new profile', () => {
      const command: UserCommand = { type: 'ChangeProfile', data: { personal: 'sealed:ada-2', emailIndex: 'ix-ada-2' } };
      expect(then(given(...activeUser), command)).to.deep.equal([{ type: 'UserProfileChanged', data: { personal: 'sealed:ada-2', emailIndex: 'ix-ada-2' } }]);
    });

    it('records nothing for the profile it already has', () => {
      expect(then(given(...activeUser), { type: 'ChangeProfile', data: { personal: 'sealed:ada', emailIndex: 'ix-ada' } })).to.deep.equal([]);
    });

    it('records a new role, and nothing for the role it already has', () => {
      expect(then(given(...activeUser), { type: 'ChangeRole', data: { roleId: 'publisher' } })).to.deep.equal([{ type: 'UserRoleChanged', data: { roleId: 'publisher' } }]);
      expect(then(given(...activeUser), { type: 'ChangeRole', data: { roleId: 'editor' } })).to.deep.equal([]);
    });

    it('records a new image, its removal, and nothing when it stays the same', () => {
      expect(then(given(...activeUser), { type: 'ChangeImage', data: { imageId: 'img-1' } })).to.deep.equal([{ type: 'UserImageChanged', data: { imageId: 'img-1' } }]);
      const withImage = given(...activeUser, { type: 'UserImageChanged', data: { imageId: 'img-1' } });
      expect(then(withImage, { type: 'ChangeImage', data: { imageId: 'img-1' } })).to.deep.equal([]);
      expect(then(withImage, { type: 'ChangeImage', data: { imageId: null } })).to.deep.equal([{ type: 'UserImageChanged', data: { imageId: null } }]);
      expect(then(given(...activeUser), { type: 'ChangeImage', data: { imageId: null } })).to.deep.equal([]);
    });

    it('changes the password of an active user', () => {
      expect(then(given(...activeUser), { type: 'ChangePassword', data: { secret: 'sealed:hash-2', reason: 'administrator' } })).to.deep.equal([
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-2', reason: 'administrator' } },
      ]);
    });

    it('answers UM_01 (forbidden) to a password change of a user who has not activated yet', () => {
      const pending = given(registered, tokenIssued('activation', 'h-act'));
      expect(errorItems(() => then(pending, { type: 'ChangePassword', data: { secret: 'sealed:x', reason: 'settings' } }), ForbiddenError)).to.deep.equal([
        { code: 'UM_01', property: '', model: '' },
      ]);
    });
  });

  describe('when the password is changed while a link is out', () => {
    it('revokes the unused reset link, so the mail cannot set the password again afterwards', () => {
      const state = given(...activeUser, tokenIssued('reset', 'h-reset'));
      const events = then(state, { type: 'ChangePassword', data: { secret: 'sealed:hash-2', reason: 'settings' } });
      expect(events).to.deep.equal([
        { type: 'UserPasswordChanged', data: { secret: 'sealed:hash-2', reason: 'settings' } },
        { type: 'UserTokensRevoked', data: { purposes: ['reset'] } },
      ]);
      const after = events.reduce(userEvolver.evolve, state);
      expect(errorItems(() => then(after, { type: 'RedeemToken', data: { tokenHash: 'h-reset', secret: 'sealed:x', now: NOW } }), ValidationError)).to.deep.equal([
        { code: 'V_04', property: 'token', model: 'user' },
      ]);
    });

    it('revokes nothing when every link has been used', () => {
      expect(then(given(...activeUser), { type: 'ChangePassword', data: { secret: 'sealed:hash-2', reason: 'settings' } }).map((e) => e.type)).to.deep.equal(['UserPasswordChanged']);
    });
  });

  describe('who may act on an account (checked again by every user command)', () => {
    const manager: UserActor = { userId: 'm1', permissions: [{ name: 'manage-users' }], sessionId: null };
    const editor: UserActor = { userId: 'u1', permissions: [{ name: 'edit-page' }], sessionId: null };
    const plain = { type: 'update' as const, changesEmailOrRole: false, changesPassword: false };
    const refusedWith = (run: () => void) => errorItems(run, Error)[0]?.code;

    it('lets only a manager register or delete someone, and nobody delete themselves', () => {
      expect(() => authorizeUserAction(manager, null, { type: 'register' })).to.not.throw();
      expect(refusedWith(() => authorizeUserAction(editor, null, { type: 'register' }))).to.equal('UM_01');
      expect(refusedWith(() => authorizeUserAction(editor, 'u2', { type: 'delete' }))).to.equal('UM_01');
      expect(refusedWith(() => authorizeUserAction(editor, 'u1', { type: 'delete' }))).to.equal('UM_01');
      expect(refusedWith(() => authorizeUserAction(manager, 'm1', { type: 'delete' }))).to.equal('V_07');
      expect(() => authorizeUserAction(manager, 'u2', { type: 'delete' })).to.not.throw();
    });

    it('lets anyone change their own profile and image, and only a manager someone else\'s, e-mail address and role included', () => {
      expect(() => authorizeUserAction(editor, 'u1', plain)).to.not.throw();
      expect(() => authorizeUserAction(editor, 'u1', { type: 'change-image' })).to.not.throw();
      expect(refusedWith(() => authorizeUserAction(editor, 'u2', plain))).to.equal('UM_01');
      expect(refusedWith(() => authorizeUserAction(editor, 'u2', { type: 'change-image' }))).to.equal('UM_01');
      expect(refusedWith(() => authorizeUserAction(editor, 'u1', { ...plain, changesEmailOrRole: true }))).to.equal('UM_01');
      expect(() => authorizeUserAction(manager, 'u2', { ...plain, changesEmailOrRole: true })).to.not.throw();
    });

    it('lets a password be changed only by its owner, and the system do what setup needs', () => {
      expect(() => authorizeUserAction(editor, 'u1', { ...plain, changesPassword: true })).to.not.throw();
      expect(refusedWith(() => authorizeUserAction(manager, 'u2', { ...plain, changesPassword: true }))).to.equal('UM_01');
      expect(() => authorizeUserAction(SYSTEM_USER_ACTOR, null, { type: 'register' })).to.not.throw();
      // No session at all is no one: refused.
      expect(refusedWith(() => authorizeUserAction({ userId: null, permissions: [], sessionId: null }, null, { type: 'register' }))).to.equal('UM_01');
    });
  });

  describe('when a user is deleted', () => {
    it('records the deletion and forgets everything personal', () => {
      const history: UserEvent[] = [...activeUser, { type: 'UserImageChanged', data: { imageId: 'img-1' } }, tokenIssued('reset', 'h-reset')];
      const events = then(given(...history), { type: 'DeleteUser', data: {} });
      expect(events).to.deep.equal([{ type: 'UserDeleted', data: {} }]);
      const state = given(...history, ...events);
      expect(state).to.deep.include({ exists: true, deleted: true, personal: null, secret: null, imageId: null, tokens: {} });
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
      expect(given(...history)).to.deep.equal({
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
      expect(given(...history, deleted)).to.deep.equal({
        exists: true, fences: [], deleted: true, status: 'active', roleId: 'publisher', emailIndex: 'ix-ada-2', personal: null, secret: null, imageId: null, tokens: {},
      });
    });

    it('ignores the use of a token that has since been replaced', () => {
      const state = given(registered, tokenIssued('reset', 'h-1'), tokenIssued('reset', 'h-2'), tokenUsed('reset', 'h-1'));
      expect(state.tokens.reset).to.deep.equal({ purpose: 'reset', tokenHash: 'h-2', expiresAt: LATER, used: false });
    });

    it('does not change the state it is given', () => {
      const before = given(registered, tokenIssued('activation', 'h-act'));
      const snapshot = structuredClone(before);
      userEvolver.evolve(before, tokenUsed('activation', 'h-act'));
      userEvolver.evolve(before, deleted);
      expect(before).to.deep.equal(snapshot);
    });
  });
});
