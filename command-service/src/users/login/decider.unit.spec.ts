import { ValidationError } from '@pagelog/contracts/domain-errors';
import { deciderSpec } from '../../core/decider-spec';
import { activeUser, deleted, registered, tokenIssued } from '../user-fixtures';
import { loginDecider, type LogIn } from './decider';

const user = deciderSpec(loginDecider);
const logIn = (passwordVerified: boolean): LogIn => ({ type: 'LogIn', data: { passwordVerified } });
const refused = [{ code: 'AUTH_01', property: 'email', model: 'user' }];

describe('user login decider', () => {
  describe('when a user logs in', () => {
    it('lets an activated user with the right password in, recording nothing', () => {
      user.given(...activeUser).when(logIn(true)).thenNothing();
    });

    it('answers AUTH_01 to a wrong password', () => {
      user.given(...activeUser).when(logIn(false)).thenFails(ValidationError, refused);
    });

    it('answers the same AUTH_01 to an unknown address, a deleted user and one not yet activated', () => {
      user.given().when(logIn(true)).thenFails(ValidationError, refused);
      user.given(...activeUser, deleted).when(logIn(true)).thenFails(ValidationError, refused);
      user.given(registered, tokenIssued('activation', 'h-act')).when(logIn(true)).thenFails(ValidationError, refused);
    });
  });
});
