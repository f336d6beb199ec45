import { expect } from 'chai';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { commandContext } from '../../core/command-context';
import { assertClaimsUsable } from './claims';
import { ABANDONED_CLAIM_MS, CLAIM_USE_DEADLINE_MS } from './decider';

describe('a command that holds claims', () => {
  const started = Date.parse('2026-01-01T12:00:00.000Z');
  const context = commandContext('u1', 'r1', new Date(started));

  it('may still write the page that uses them within its deadline', () => {
    expect(() => assertClaimsUsable(context, started + CLAIM_USE_DEADLINE_MS)).to.not.throw();
  });

  it('gives up (503) after it, leaving time for its last append before others may take the claims over', () => {
    expect(() => assertClaimsUsable(context, started + CLAIM_USE_DEADLINE_MS + 1)).to.throw(StoreUnavailableError);
    expect(ABANDONED_CLAIM_MS - CLAIM_USE_DEADLINE_MS).to.be.at.least(10_000);
  });
});
