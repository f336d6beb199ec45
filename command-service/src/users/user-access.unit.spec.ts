import { expect } from 'chai';
import { ForbiddenError, ValidationError } from '@pagelog/contracts/domain-errors';
import { assertFails } from '../core/decider-spec';
import { authorizeUserAction, SYSTEM_USER_ACTOR } from './user-access';
import { editor, forbidden, manager } from './user-fixtures';

describe('user access', () => {
  describe('who may act on an account (checked again by every user command)', () => {
    const plain = { type: 'update' as const, changesEmailOrRole: false, changesPassword: false };
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
});
