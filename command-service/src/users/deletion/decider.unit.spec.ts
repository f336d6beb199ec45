import { expect } from 'chai';
import { ForbiddenError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { UserEvent } from '@pagelog/contracts/events/user-events';
import { deciderSpec } from '../../core/decider-spec';
import { activeUser, deleted, editor, forbidden, manager, notFound, tokenIssued } from '../user-fixtures';
import { deletionDecider, type DeleteUser } from './decider';

const user = deciderSpec(deletionDecider);
const deleteUser = (over: Partial<DeleteUser['data']> = {}): DeleteUser => ({ type: 'DeleteUser', data: { actor: manager, userId: 'u1', isLastAdministrator: false, ...over } });

describe('user deletion decider', () => {
  describe('when the user does not exist', () => {
    it('answers UM_02 (not found) to DeleteUser', () => {
      user.given().when(deleteUser()).thenFails(NotFoundError, notFound);
    });
  });

  describe('when the user has been deleted', () => {
    it('answers UM_02 (not found) to DeleteUser', () => {
      user.given(...activeUser, deleted).when(deleteUser()).thenFails(NotFoundError, notFound);
    });
  });

  describe('when a user is deleted', () => {
    it('records the deletion and forgets everything personal', () => {
      const history: UserEvent[] = [...activeUser, { type: 'UserImageChanged', data: { imageId: 'img-1' } }, tokenIssued('reset', 'h-reset')];
      const events = user.given(...history).when(deleteUser()).then([{ type: 'UserDeleted', data: {} }]);
      expect(user.given(...history, ...events).state).to.deep.include({ exists: true, deleted: true, personal: null, secret: null, imageId: null, tokens: {} });
    });

    it('answers UM_01 to anyone without manage-users, before telling whether the user exists', () => {
      user.given(...activeUser).when(deleteUser({ actor: { ...editor, userId: 'u2' } })).thenFails(ForbiddenError, forbidden);
      user.given().when(deleteUser({ actor: { ...editor, userId: 'u2' } })).thenFails(ForbiddenError, forbidden);
    });

    it('answers V_07 to a manager deleting themselves', () => {
      user.given(...activeUser).when(deleteUser({ userId: 'm1' })).thenFails(ValidationError, [{ code: 'V_07', property: 'id', model: 'user' }]);
    });

    it('answers V_07 to deleting the last administrator', () => {
      user.given(...activeUser).when(deleteUser({ isLastAdministrator: true })).thenFails(ValidationError, [{ code: 'V_07', property: 'id', model: 'user' }]);
    });
  });
});
