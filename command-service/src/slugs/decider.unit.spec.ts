import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { ABANDONED_CLAIM_MS, decideSlugClaim, type ClaimSlug } from './decider';

const claim = (over: Partial<ClaimSlug['data']> = {}): ClaimSlug => ({
  type: 'ClaimSlug',
  data: { locale: 'nl-nl', slug: 'over-ons', pageId: 'p2', ownerExists: true, ownerClaimedAt: '2026-01-01T00:00:00.000Z', now: '2026-01-01T00:01:00.000Z', ...over },
});

describe('slug claim decider', () => {
  it('claims a free slug', () => {
    expect(decideSlugClaim(claim(), { ownerPageId: null })).to.deep.equal([{ type: 'SlugClaimed', data: { locale: 'nl-nl', slug: 'over-ons', pageId: 'p2' } }]);
  });

  it('answers V_06 "Slug already exists." when another page holds it', () => {
    expect(() => decideSlugClaim(claim(), { ownerPageId: 'p1' }))
      .to.throw(ValidationError)
      .with.property('items')
      .that.deep.equals([{ code: 'V_06', property: 'slug', model: 'page', message: 'Slug already exists.' }]);
  });

  it('is a no-op for the page that already holds it', () => {
    expect(decideSlugClaim(claim({ pageId: 'p1' }), { ownerPageId: 'p1' })).to.deep.equal([]);
  });

  it('keeps a fresh claim whose page does not exist yet (its creator may still be writing it)', () => {
    expect(() => decideSlugClaim(claim({ ownerExists: false }), { ownerPageId: 'p1' })).to.throw(ValidationError);
  });

  it('takes over a claim abandoned by a creator that never wrote its page', () => {
    const late = new Date(Date.parse('2026-01-01T00:00:00.000Z') + ABANDONED_CLAIM_MS + 1000).toISOString();
    expect(decideSlugClaim(claim({ ownerExists: false, now: late }), { ownerPageId: 'p1' })).to.have.length(1);
  });
});
