import { expect } from 'chai';
import { sessionEndForgetsDrafts } from './current-user';

describe('the end of a session', () => {
  it('forgets the user\'s unsaved drafts only when they log out themselves', () => {
    expect(sessionEndForgetsDrafts('logout')).to.equal(true);
  });

  it('leaves them for the same user to restore after inactivity or a session that ran out (401)', () => {
    expect(sessionEndForgetsDrafts('inactivity')).to.equal(false);
    expect(sessionEndForgetsDrafts('expired')).to.equal(false);
  });
});
