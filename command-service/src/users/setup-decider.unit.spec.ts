import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { SetupEvent } from '@pagelog/contracts/events/user-events';
import { decideSetup, setupEvolver, type SetupCommand, type SetupState } from './setup-decider';

const NOW = '2026-03-01T12:00:00.000Z';
const TOMORROW = '2026-03-02T12:00:00.000Z';

const given = (...events: SetupEvent[]): SetupState => events.reduce(setupEvolver.evolve, setupEvolver.initialState);
const issued = (tokenHash: string, expiresAt = TOMORROW): SetupEvent => ({ type: 'SetupTokenIssued', data: { tokenHash, expiresAt } });
const completed = (userId = 'admin-1'): SetupEvent => ({ type: 'SetupCompleted', data: { userId } });
const issue = (tokenHash: string, expiresAt = TOMORROW): SetupCommand => ({ type: 'IssueSetupToken', data: { tokenHash, expiresAt } });
const complete = (tokenHash: string | null, now = NOW, userId = 'admin-1'): SetupCommand => ({ type: 'CompleteSetup', data: { userId, tokenHash, now } });
const items = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    return (error as ValidationError).items.map(({ code, property, model }) => ({ code, property, model }));
  }
  return expect.fail('expected a ValidationError');
};

describe('setup decider', () => {
  describe('when setup has not been done', () => {
    it('issues a setup token', () => {
      expect(decideSetup(issue('h-1'), given())).to.deep.equal([issued('h-1')]);
    });

    it('completes with the latest token', () => {
      expect(decideSetup(complete('h-2'), given(issued('h-1'), issued('h-2')))).to.deep.equal([completed()]);
    });

    it('answers V_04 to an earlier token, replaced by a newer one', () => {
      expect(items(() => decideSetup(complete('h-1'), given(issued('h-1'), issued('h-2'))))).to.deep.equal([{ code: 'V_04', property: 'token', model: 'user' }]);
    });

    it('answers V_04 to a token when none was issued', () => {
      expect(items(() => decideSetup(complete('h-1'), given()))).to.deep.equal([{ code: 'V_04', property: 'token', model: 'user' }]);
    });

    it('answers V_05 to an expired token', () => {
      expect(items(() => decideSetup(complete('h-1', TOMORROW), given(issued('h-1'))))).to.deep.equal([{ code: 'V_05', property: 'token', model: 'user' }]);
      expect(items(() => decideSetup(complete('h-1', '2026-03-03T00:00:00.000Z'), given(issued('h-1'))))).to.deep.equal([
        { code: 'V_05', property: 'token', model: 'user' },
      ]);
    });

    it('completes without a token for an administrator from the configuration or the command line', () => {
      expect(decideSetup(complete(null), given())).to.deep.equal([completed()]);
      expect(decideSetup(complete(null, NOW, 'admin-2'), given(issued('h-1', '2020-01-01T00:00:00.000Z')))).to.deep.equal([completed('admin-2')]);
    });
  });

  describe('when setup has been done', () => {
    const done = [issued('h-1'), completed()];

    it('issues no more tokens', () => {
      expect(decideSetup(issue('h-2'), given(...done))).to.deep.equal([]);
    });

    it('answers V_05 to completing again, with the token used or any other', () => {
      expect(items(() => decideSetup(complete('h-1'), given(...done)))).to.deep.equal([{ code: 'V_05', property: 'token', model: 'user' }]);
      expect(items(() => decideSetup(complete(null), given(...done)))).to.deep.equal([{ code: 'V_05', property: 'token', model: 'user' }]);
    });
  });

  describe('the evolver', () => {
    it('starts incomplete, without a token', () => {
      expect(setupEvolver.initialState).to.deep.equal({ completed: false, token: null });
    });

    it('keeps only the newest token, and drops it on completion', () => {
      expect(given(issued('h-1'), issued('h-2'))).to.deep.equal({ completed: false, token: { tokenHash: 'h-2', expiresAt: TOMORROW } });
      expect(given(issued('h-1'), completed())).to.deep.equal({ completed: true, token: null });
    });
  });
});
