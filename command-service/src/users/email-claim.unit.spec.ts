import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { EmailClaimEvent } from '@pagelog/contracts/events/user-events';
import { decideEmailClaim, decideEmailRelease, emailClaimEvolver, type EmailClaimState } from './email-claim';

const given = (...events: EmailClaimEvent[]): EmailClaimState => events.reduce(emailClaimEvolver.evolve, emailClaimEvolver.initialState);
const claimed = (userId: string): EmailClaimEvent => ({ type: 'EmailClaimed', data: { userId } });
const released = (userId: string): EmailClaimEvent => ({ type: 'EmailReleased', data: { userId } });

describe('e-mail claim decider', () => {
  describe('when nobody holds the address', () => {
    it('claims it for the user', () => {
      expect(decideEmailClaim(given(), 'u1', false)).to.deep.equal([claimed('u1')]);
    });

    it('releases nothing', () => {
      expect(decideEmailRelease(given(), 'u1')).to.deep.equal([]);
    });

    it('claims an address its last holder released', () => {
      expect(decideEmailClaim(given(claimed('u1'), released('u1')), 'u2', false)).to.deep.equal([claimed('u2')]);
    });
  });

  describe('when a live user holds the address', () => {
    it('answers V_06 "Email already exists." to another user', () => {
      expect(() => decideEmailClaim(given(claimed('u1')), 'u2', true))
        .to.throw(ValidationError)
        .with.property('items')
        .that.deep.equals([{ code: 'V_06', property: 'email', model: 'user', message: 'Email already exists.' }]);
    });

    it('is a no-op for the user who holds it', () => {
      expect(decideEmailClaim(given(claimed('u1')), 'u1', true)).to.deep.equal([]);
    });

    it('is released by its holder', () => {
      const events = decideEmailRelease(given(claimed('u1')), 'u1');
      expect(events).to.deep.equal([released('u1')]);
      expect(given(claimed('u1'), ...events)).to.deep.equal({ owner: null });
    });

    it('is not released by another user', () => {
      expect(decideEmailRelease(given(claimed('u1')), 'u2')).to.deep.equal([]);
    });
  });

  describe('when the holder no longer exists (deleted, or a claim left by a crash)', () => {
    it('lets another user take the address over', () => {
      const events = decideEmailClaim(given(claimed('u1')), 'u2', false);
      expect(events).to.deep.equal([claimed('u2')]);
      expect(given(claimed('u1'), ...events)).to.deep.equal({ owner: 'u2' });
    });
  });

  describe('the evolver', () => {
    it('starts with nobody holding the address', () => {
      expect(emailClaimEvolver.initialState).to.deep.equal({ owner: null });
    });

    it('follows claims and releases', () => {
      expect(given(claimed('u1'))).to.deep.equal({ owner: 'u1' });
      expect(given(claimed('u1'), released('u1'))).to.deep.equal({ owner: null });
      expect(given(claimed('u1'), claimed('u2'))).to.deep.equal({ owner: 'u2' });
    });

    it('ignores a late release by a former holder after the address was taken over', () => {
      expect(given(claimed('u1'), claimed('u2'), released('u1'))).to.deep.equal({ owner: 'u2' });
    });
  });
});
