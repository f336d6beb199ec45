import { expect } from 'chai';
import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { deciderSpec } from '../../core/decider-spec';
import { activeUser, deleted, LATER, notFound, NOW, registered, spentToken, tokenIssued, unknownToken } from '../user-fixtures';
import { passwordDecider, type PasswordCommand } from './decider';

const user = deciderSpec(passwordDecider);

const redeem = (tokenHash: string, now = NOW, over: object = {}): PasswordCommand => ({ type: 'RedeemToken', data: { tokenHash, secret: 'sealed:new-hash', now, passwordIsCommon: false, ...over } });
const issue = (tokenHash: string, over: object = {}): PasswordCommand => ({ type: 'IssueToken', data: { tokenHash, sealedToken: `sealed:${tokenHash}`, now: NOW, ...over } });

describe('user password decider', () => {
  describe('when the user does not exist', () => {
    it('answers UM_02 (not found) to IssueToken', () => {
      user.given().when(issue('h-r')).thenFails(NotFoundError, notFound);
    });

    // A reset link names its user: one naming nobody is an unknown token (what POST /auth/reset-account answers).
    it('answers V_04 (unknown token) to RedeemToken', () => {
      user.given().when(redeem('h-act')).thenFails(ValidationError, unknownToken);
    });
  });

  describe('when the user has been deleted', () => {
    it('answers UM_02 (not found) to IssueToken', () => {
      user.given(...activeUser, deleted).when(issue('h-r')).thenFails(NotFoundError, notFound);
    });

    it('answers V_04 (unknown token) to RedeemToken', () => {
      user.given(...activeUser, deleted).when(redeem('h-act')).thenFails(ValidationError, unknownToken);
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

    it('answers AUTH_04 on the password for a common new password, after the token is known', () => {
      user.given(...activeUser, tokenIssued('reset', 'h-reset')).when(redeem('h-reset', NOW, { passwordIsCommon: true })).thenFails(ValidationError, [{ code: 'AUTH_04', property: 'password', model: 'user' }]);
      user.given(...activeUser).when(redeem('h-unknown', NOW, { passwordIsCommon: true })).thenFails(ValidationError, unknownToken);
    });
  });

  describe('when a token is issued', () => {
    it('records the token for an existing user', () => {
      // A reset link lasts an hour from the command's time.
      user.given(...activeUser).when(issue('h-r')).then([{ type: 'UserTokenIssued', data: { purpose: 'reset', tokenHash: 'h-r', expiresAt: '2026-03-01T13:00:00.000Z', sealedToken: 'sealed:h-r' } }]);
    });

    it('issues a fresh activation link, for a week, to a user who has not activated yet', () => {
      user.given(registered, tokenIssued('activation', 'h-act')).when(issue('h-2')).then([{ type: 'UserTokenIssued', data: { purpose: 'activation', tokenHash: 'h-2', expiresAt: LATER, sealedToken: 'sealed:h-2' } }]);
    });

    it('issues nothing when the user\'s key is gone (nobody to write to)', () => {
      user.given(...activeUser).when(issue('h-r', { sealedToken: null })).thenNothing();
    });
  });
});
