import { expect } from 'chai';
import { SUBSCRIPTION_LINK_TTL_MS } from '@pagelog/contracts/forms/newsletter-confirmation';
import { SubscriptionTokens } from './subscription-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const ID = '01970000-0000-7000-8000-000000000001';
const SUBMITTED = Date.parse('2026-11-24T10:00:00.000Z');

describe('a newsletter confirmation token', () => {
  const tokens = new SubscriptionTokens(SECRET);

  it('names the submission and is good until 7 days after it', () => {
    const token = tokens.issue(ID, SUBMITTED);
    expect(token).to.match(/^01970000-0000-7000-8000-000000000001\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.submissionOf(token)).to.equal(ID);
    expect(tokens.check(token, SUBMITTED, SUBMITTED + 1)).to.equal('valid');
    expect(tokens.check(token, SUBMITTED, SUBMITTED + SUBSCRIPTION_LINK_TTL_MS - 1)).to.equal('valid');
  });

  it('is expired from 7 days after the submission on', () => {
    const token = tokens.issue(ID, SUBMITTED);
    expect(tokens.check(token, SUBMITTED, SUBMITTED + SUBSCRIPTION_LINK_TTL_MS)).to.equal('expired');
  });

  it('signs the expiry: the same mac does not hold for a later submission time', () => {
    const token = tokens.issue(ID, SUBMITTED);
    expect(tokens.check(token, SUBMITTED + 60_000, SUBMITTED + 120_000)).to.equal('invalid');
  });

  it('refuses a changed mac, another submission id, another secret and anything without the shape', () => {
    const token = tokens.issue(ID, SUBMITTED);
    const [id, mac] = token.split('.') as [string, string];
    const flipped = `${id}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(tokens.check(flipped, SUBMITTED, SUBMITTED)).to.equal('invalid');
    expect(tokens.check(`${id.replace(/1$/, '2')}.${mac}`, SUBMITTED, SUBMITTED)).to.equal('invalid');
    expect(new SubscriptionTokens('another-secret-of-at-least-32-characters').check(token, SUBMITTED, SUBMITTED)).to.equal('invalid');
    for (const bad of ['', ID, `${ID}.`, `${ID}.${mac}x`, 'not-a-token.abc', `${ID}.${mac}.${mac}`]) {
      expect(tokens.check(bad, SUBMITTED, SUBMITTED), bad).to.equal('invalid');
      expect(tokens.submissionOf(bad), bad).to.equal(null);
    }
  });
});
