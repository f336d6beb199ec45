import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { ABANDONED_CLAIM_MS, claimEvolver, decideClaim, decideRelease, type ClaimFacts, type ClaimState, type OwnerFacts } from './claim-decider';

const evolver = claimEvolver({ claimed: 'SlugClaimed', released: 'SlugReleased', ownerField: 'pageId' });
const CLAIMED_AT = '2026-01-01T00:00:00.000Z';
let revision = 0;
const claimed = (pageId: string) => ({ type: 'SlugClaimed', data: { locale: 'nl-nl', slug: 'over-ons', pageId }, revision: ++revision, metadata: { occurredAt: CLAIMED_AT } });
const released = (pageId: string) => ({ type: 'SlugReleased', data: { locale: 'nl-nl', slug: 'over-ons', pageId }, revision: ++revision, metadata: { occurredAt: CLAIMED_AT } });
const given = (...events: ReturnType<typeof claimed>[]): ClaimState => events.reduce(evolver.evolve, evolver.initialState);
const after = (ms: number) => new Date(Date.parse(CLAIMED_AT) + ms).toISOString();
const owner = (over: Partial<OwnerFacts> = {}): OwnerFacts => ({ revision: 3, holds: true, gone: false, ...over });
const facts = (over: Partial<ClaimFacts> = {}): ClaimFacts => ({
  requester: 'p2',
  owner: owner(),
  // Ten seconds after the claim: fresh (its command may still be at work).
  now: after(10_000),
  property: 'slug',
  model: 'page',
  ...over,
});

describe('claim decider (slugs, translation places, e-mail addresses)', () => {
  it('claims what nobody holds', () => {
    expect(decideClaim(given(), facts({ owner: null }))).to.equal('claim');
  });

  it('answers V_06 naming the property while another owner holds it, however old its claim', () => {
    for (const now of [after(10_000), after(10 * ABANDONED_CLAIM_MS)]) {
      expect(() => decideClaim(given(claimed('p1')), facts({ now })))
        .to.throw(ValidationError)
        .with.property('items')
        .that.deep.equals([{ code: 'V_06', property: 'slug', model: 'page', message: 'Slug already exists.' }]);
    }
  });

  it('has nothing to write for the owner that uses it already', () => {
    expect(decideClaim(given(claimed('p1')), facts({ requester: 'p1' }))).to.equal('held');
  });

  it('claims afresh its own claim that it does not use yet, so a late give-back of the earlier one leaves it alone', () => {
    expect(decideClaim(given(claimed('p1')), facts({ requester: 'p1', owner: owner({ revision: 0, holds: false }) }))).to.equal('claim');
  });

  it('claims again what was released, by anyone', () => {
    expect(decideClaim(given(claimed('p1'), released('p1')), facts({ owner: null }))).to.equal('claim');
    expect(decideClaim(given(claimed('p1'), released('p1')), facts({ requester: 'p1', owner: null }))).to.equal('claim');
  });

  it('claims what an owner that is gone (deleted, or fenced off from it) made', () => {
    expect(decideClaim(given(claimed('p1')), facts({ owner: owner({ holds: false, gone: true }) }))).to.equal('claim');
  });

  it('claims afresh its own claim that it was fenced off from', () => {
    expect(decideClaim(given(claimed('p1')), facts({ requester: 'p1', owner: owner({ holds: false, gone: true }) }))).to.equal('claim');
  });

  it('refuses a fresh claim whose owner does not use it yet: its command may still be writing it', () => {
    for (const revision of [0, 3]) {
      expect(() => decideClaim(given(claimed('p1')), facts({ owner: owner({ revision, holds: false }), now: after(ABANDONED_CLAIM_MS) }))).to.throw(ValidationError);
    }
  });

  it('fences off the owner of a claim it never came to use, once it is abandoned, before taking it over', () => {
    expect(ABANDONED_CLAIM_MS).to.be.at.most(60_000);
    for (const revision of [0, 3]) {
      expect(decideClaim(given(claimed('p1')), facts({ owner: owner({ revision, holds: false }), now: after(ABANDONED_CLAIM_MS + 1) }))).to.equal('fence-owner');
    }
  });

  it('remembers which claim event made the owner, and when, for the fence to name', () => {
    const state = given(claimed('p1'), released('p1'), claimed('p3'));
    expect(state).to.deep.equal({ owner: 'p3', released: false, claimRevision: revision, claimedAt: CLAIMED_AT });
  });

  it('gives back only the claim event it names, when it names one', () => {
    const first = claimed('p1');
    const again = claimed('p1');
    const state = given(first, again);
    expect(decideRelease(state, 'p1', released('p1'), first.revision)).to.deep.equal([]);
    expect(decideRelease(state, 'p1', released('p1'), again.revision)).to.have.length(1);
  });

  it('releases only for the owner that holds it, once', () => {
    const release = released('p1');
    expect(decideRelease(given(claimed('p1')), 'p1', release)).to.deep.equal([release]);
    expect(decideRelease(given(claimed('p1')), 'p2', released('p2'))).to.deep.equal([]);
    expect(decideRelease(given(claimed('p1'), released('p1')), 'p1', released('p1'))).to.deep.equal([]);
  });
});
