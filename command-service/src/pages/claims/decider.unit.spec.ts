import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { ABANDONED_CLAIM_MS, claimEvolver, decideClaim, decideRelease, type ClaimFacts, type ClaimState } from './decider';

const names = { claimed: 'SlugClaimed', released: 'SlugReleased' };
const evolver = claimEvolver(names);
const claimed = (pageId: string) => ({ type: 'SlugClaimed', data: { locale: 'nl-nl', slug: 'over-ons', pageId } });
const released = (pageId: string) => ({ type: 'SlugReleased', data: { locale: 'nl-nl', slug: 'over-ons', pageId } });
const given = (...events: { type: string; data: { pageId: string } }[]): ClaimState => events.reduce(evolver.evolve, evolver.initialState);
const facts = (over: Partial<ClaimFacts> = {}): ClaimFacts => ({
  pageId: 'p2',
  ownerHolds: true,
  ownerClaimedAt: '2026-01-01T00:00:00.000Z',
  // Ten seconds after the claim: fresh (its command may still be at work).
  now: '2026-01-01T00:00:10.000Z',
  property: 'slug',
  ...over,
});

describe('claim decider (slugs and translation slots)', () => {
  it('claims what nobody holds', () => {
    expect(decideClaim(given(), facts(), claimed('p2'))).to.deep.equal([claimed('p2')]);
  });

  it('answers V_06 "Slug already exists." while another page holds it', () => {
    expect(() => decideClaim(given(claimed('p1')), facts(), claimed('p2')))
      .to.throw(ValidationError)
      .with.property('items')
      .that.deep.equals([{ code: 'V_06', property: 'slug', model: 'page', message: 'Slug already exists.' }]);
  });

  it('is a no-op for the page that already holds it', () => {
    expect(decideClaim(given(claimed('p1')), facts({ pageId: 'p1' }), claimed('p1'))).to.deep.equal([]);
  });

  it('claims again what was released, by anyone', () => {
    expect(decideClaim(given(claimed('p1'), released('p1')), facts(), claimed('p2'))).to.have.length(1);
    expect(decideClaim(given(claimed('p1'), released('p1')), facts({ pageId: 'p1' }), claimed('p1'))).to.have.length(1);
  });

  it('keeps a fresh claim whose page does not use it yet (its owner may still be writing)', () => {
    expect(() => decideClaim(given(claimed('p1')), facts({ ownerHolds: false }), claimed('p2'))).to.throw(ValidationError);
  });

  it('takes over a claim abandoned by an owner that never used it, once its command must have given up', () => {
    expect(ABANDONED_CLAIM_MS).to.be.at.most(60_000);
    const late = new Date(Date.parse('2026-01-01T00:00:00.000Z') + ABANDONED_CLAIM_MS + 1000).toISOString();
    expect(decideClaim(given(claimed('p1')), facts({ ownerHolds: false, now: late }), claimed('p2'))).to.have.length(1);
  });

  it('never takes over a claim its owner uses, however old', () => {
    const late = new Date(Date.parse('2026-01-01T00:00:00.000Z') + 10 * ABANDONED_CLAIM_MS).toISOString();
    expect(() => decideClaim(given(claimed('p1')), facts({ ownerHolds: true, now: late }), claimed('p2'))).to.throw(ValidationError);
  });

  it('releases only for the page that holds it, once', () => {
    expect(decideRelease(given(claimed('p1')), 'p1', released('p1'))).to.deep.equal([released('p1')]);
    expect(decideRelease(given(claimed('p1')), 'p2', released('p2'))).to.deep.equal([]);
    expect(decideRelease(given(claimed('p1'), released('p1')), 'p1', released('p1'))).to.deep.equal([]);
  });
});
