import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { SetupEvent } from '@pagelog/contracts/events/user-events';
import { deciderSpec } from '../../core/decider-spec';
import { setupDecider, setupEvolver, type SetupCommand } from './decider';

const NOW = '2026-03-01T12:00:00.000Z';
const TOMORROW = '2026-03-02T12:00:00.000Z';

const setup = deciderSpec(setupDecider);
const issued = (tokenHash: string, expiresAt = TOMORROW): SetupEvent => ({ type: 'SetupTokenIssued', data: { tokenHash, expiresAt } });
const completed = (userId = 'admin-1'): SetupEvent => ({ type: 'SetupCompleted', data: { userId } });
const issue = (tokenHash: string, expiresAt = TOMORROW): SetupCommand => ({ type: 'IssueSetupToken', data: { tokenHash, expiresAt } });
const complete = (tokenHash: string | null, now = NOW, userId = 'admin-1'): SetupCommand => ({ type: 'CompleteSetup', data: { userId, tokenHash, now } });
const unknownToken = [{ code: 'V_04', property: 'token', model: 'user' }];
const spentToken = [{ code: 'V_05', property: 'token', model: 'user' }];

describe('setup decider', () => {
  describe('when setup has not been done', () => {
    it('issues a setup token', () => {
      setup.given().when(issue('h-1')).then([issued('h-1')]);
    });

    it('completes with the latest token', () => {
      setup.given(issued('h-1'), issued('h-2')).when(complete('h-2')).then([completed()]);
    });

    it('answers V_04 to an earlier token, replaced by a newer one', () => {
      setup.given(issued('h-1'), issued('h-2')).when(complete('h-1')).thenFails(ValidationError, unknownToken);
    });

    it('answers V_04 to a token when none was issued', () => {
      setup.given().when(complete('h-1')).thenFails(ValidationError, unknownToken);
    });

    it('answers V_05 to an expired token', () => {
      setup.given(issued('h-1')).when(complete('h-1', TOMORROW)).thenFails(ValidationError, spentToken);
      setup.given(issued('h-1')).when(complete('h-1', '2026-03-03T00:00:00.000Z')).thenFails(ValidationError, spentToken);
    });

    it('completes without a token for an administrator from the configuration or the command line', () => {
      setup.given().when(complete(null)).then([completed()]);
      setup.given(issued('h-1', '2020-01-01T00:00:00.000Z')).when(complete(null, NOW, 'admin-2')).then([completed('admin-2')]);
    });
  });

  describe('when setup has been done', () => {
    const done = setup.given(issued('h-1'), completed());

    it('issues no more tokens', () => {
      done.when(issue('h-2')).thenNothing();
    });

    it('answers V_05 to completing again, with the token used or any other', () => {
      done.when(complete('h-1')).thenFails(ValidationError, spentToken);
      done.when(complete(null)).thenFails(ValidationError, spentToken);
    });
  });

  describe('the evolver', () => {
    it('starts incomplete, without a token', () => {
      expect(setupEvolver.initialState).to.deep.equal({ completed: false, token: null });
    });

    it('keeps only the newest token, and drops it on completion', () => {
      expect(setup.given(issued('h-1'), issued('h-2')).state).to.deep.equal({ completed: false, token: { tokenHash: 'h-2', expiresAt: TOMORROW } });
      expect(setup.given(issued('h-1'), completed()).state).to.deep.equal({ completed: true, token: null });
    });
  });
});
