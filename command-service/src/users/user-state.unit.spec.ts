import { expect } from 'chai';
import type { UserEvent } from '@pagelog/contracts/events/user-events';
import { activated, deleted, EARLIER, LATER, passwordChanged, registered, tokenIssued, tokenUsed } from './user-fixtures';
import { initialUserState, userEvolver } from './user-state';

/** The state the user deciders share, after these events. */
const stateAfter = (...events: UserEvent[]) => events.reduce(userEvolver.evolve, userEvolver.initialState);

describe('user state', () => {
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
      expect(stateAfter(...history)).to.deep.equal({
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
      expect(stateAfter(...history, deleted)).to.deep.equal({
        exists: true, fences: [], deleted: true, status: 'active', roleId: 'publisher', emailIndex: 'ix-ada-2', personal: null, secret: null, imageId: null, tokens: {},
      });
    });

    it('ignores the use of a token that has since been replaced', () => {
      const state = stateAfter(registered, tokenIssued('reset', 'h-1'), tokenIssued('reset', 'h-2'), tokenUsed('reset', 'h-1'));
      expect(state.tokens.reset).to.deep.equal({ purpose: 'reset', tokenHash: 'h-2', expiresAt: LATER, used: false });
    });

    it('does not change the state it is given', () => {
      const before = stateAfter(registered, tokenIssued('activation', 'h-act'));
      const snapshot = structuredClone(before);
      userEvolver.evolve(before, tokenUsed('activation', 'h-act'));
      userEvolver.evolve(before, deleted);
      expect(before).to.deep.equal(snapshot);
    });
  });
});
