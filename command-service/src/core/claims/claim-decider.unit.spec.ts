import { slugStream } from '@pagelog/contracts/events/slug-events';
import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { deciderSpec } from '../decider-spec';
import { ABANDONED_CLAIM_MS, claimDecider, FenceOwnerFirst, type ClaimCommand, type ClaimFacts, type OwnerFacts } from './claim-decider';

const STREAM = slugStream('nl-nl', 'over-ons');
const slug = deciderSpec(
  claimDecider({
    stream: STREAM,
    names: { claimed: 'SlugClaimed', released: 'SlugReleased', ownerField: 'pageId' },
    data: (pageId) => ({ locale: 'nl-nl', slug: 'over-ons', pageId }),
    property: 'slug',
    model: 'page',
  }),
);
const CLAIMED_AT = '2026-01-01T00:00:00.000Z';
let revision = 0;
const slugClaimed = (pageId: string) => ({ type: 'SlugClaimed', data: { locale: 'nl-nl', slug: 'over-ons', pageId } });
const slugReleased = (pageId: string) => ({ type: 'SlugReleased', data: { locale: 'nl-nl', slug: 'over-ons', pageId } });
/** As recorded: with the revision a fence names and the time the claim was made. */
const claimed = (pageId: string) => ({ ...slugClaimed(pageId), revision: ++revision, metadata: { occurredAt: CLAIMED_AT } });
const released = (pageId: string) => ({ ...slugReleased(pageId), revision: ++revision, metadata: { occurredAt: CLAIMED_AT } });
const after = (ms: number) => new Date(Date.parse(CLAIMED_AT) + ms).toISOString();
const owner = (over: Partial<OwnerFacts> = {}): OwnerFacts => ({ revision: 3, holds: true, gone: false, ...over });
const claim = (over: Partial<ClaimFacts> = {}): ClaimCommand => ({
  type: 'Claim',
  data: {
    requester: 'p2',
    owner: owner(),
    // Ten seconds after the claim: fresh (its command may still be at work).
    now: after(10_000),
    ...over,
  },
});
const release = (pageId: string, claimRevision?: number): ClaimCommand => ({ type: 'Release', data: { owner: pageId, claimRevision } });

describe('claim decider (slugs, translation places, e-mail addresses)', () => {
  it('claims what nobody holds', () => {
    slug.given().when(claim({ owner: null })).then([slugClaimed('p2')]);
  });

  it('answers V_06 naming the property while another owner holds it, however old its claim', () => {
    for (const now of [after(10_000), after(10 * ABANDONED_CLAIM_MS)]) {
      const error = slug.given(claimed('p1')).when(claim({ now })).thenFails(ValidationError, [{ code: 'V_06', property: 'slug', model: 'page' }]);
      expect(error.items[0]!.message).to.equal('Slug already exists.');
    }
  });

  it('has nothing to write for the owner that uses it already', () => {
    slug.given(claimed('p1')).when(claim({ requester: 'p1' })).thenNothing();
  });

  it('claims afresh its own claim that it does not use yet, so a late give-back of the earlier one leaves it alone', () => {
    slug.given(claimed('p1')).when(claim({ requester: 'p1', owner: owner({ revision: 0, holds: false }) })).then([slugClaimed('p1')]);
  });

  it('claims again what was released, by anyone', () => {
    slug.given(claimed('p1'), released('p1')).when(claim({ owner: null })).then([slugClaimed('p2')]);
    slug.given(claimed('p1'), released('p1')).when(claim({ requester: 'p1', owner: null })).then([slugClaimed('p1')]);
  });

  it('claims what an owner that is gone (deleted, or fenced off from it) made', () => {
    slug.given(claimed('p1')).when(claim({ owner: owner({ holds: false, gone: true }) })).then([slugClaimed('p2')]);
  });

  it('claims afresh its own claim that it was fenced off from', () => {
    slug.given(claimed('p1')).when(claim({ requester: 'p1', owner: owner({ holds: false, gone: true }) })).then([slugClaimed('p1')]);
  });

  it('refuses a fresh claim whose owner does not use it yet: its command may still be writing it', () => {
    for (const revision of [0, 3]) {
      slug.given(claimed('p1')).when(claim({ owner: owner({ revision, holds: false }), now: after(ABANDONED_CLAIM_MS) })).thenFails(ValidationError);
    }
  });

  it('fences off the owner of a claim it never came to use, once it is abandoned, before taking it over', () => {
    expect(ABANDONED_CLAIM_MS).to.be.at.most(60_000);
    for (const revision of [0, 3]) {
      const first = claimed('p1');
      const outcome = slug.given(first).when(claim({ owner: owner({ revision, holds: false }), now: after(ABANDONED_CLAIM_MS + 1) })).thenFails(FenceOwnerFirst);
      expect(outcome.owner).to.equal('p1');
      expect(outcome.fence).to.deep.equal({ type: 'ClaimFenced', data: { claimStream: STREAM, claimRevision: first.revision, takenBy: 'p2' } });
    }
  });

  it('remembers which claim event made the owner, and when, for the fence to name', () => {
    const { state } = slug.given(claimed('p1'), released('p1'), claimed('p3'));
    expect(state).to.deep.equal({ owner: 'p3', released: false, claimRevision: revision, claimedAt: CLAIMED_AT });
  });

  it('gives back only the claim event it names, when it names one', () => {
    const first = claimed('p1');
    const again = claimed('p1');
    const twice = slug.given(first, again);
    twice.when(release('p1', first.revision)).thenNothing();
    twice.when(release('p1', again.revision)).then([slugReleased('p1')]);
  });

  it('releases only for the owner that holds it, once', () => {
    slug.given(claimed('p1')).when(release('p1')).then([slugReleased('p1')]);
    slug.given(claimed('p1')).when(release('p2')).thenNothing();
    slug.given(claimed('p1'), released('p1')).when(release('p1')).thenNothing();
  });
});
