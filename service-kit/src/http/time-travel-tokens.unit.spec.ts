import { expect } from 'chai';
import { TimeTravelTokens } from './time-travel-tokens';

describe('time-travel link tokens', () => {
  const key = Buffer.alloc(32, 7);

  it('opens the moment it was issued for until it expires, and nothing after', () => {
    let now = 1_000_000;
    const tokens = new TimeTravelTokens(key, () => now);
    const { token, expiresAt } = tokens.issue(4321, 60_000);
    expect(expiresAt).to.equal(1_060_000);
    expect(tokens.open(token)).to.deep.equal({ kind: 'past', position: 4321, expiresAt: 1_060_000 });
    now = 1_059_999;
    expect(tokens.open(token)).to.include({ position: 4321 });
    now = 1_060_000;
    expect(tokens.open(token)).to.equal(null);
  });

  it('refuses a token with another position or expiry, signed with another key, or of another shape', () => {
    const tokens = new TimeTravelTokens(key, () => 0);
    const { token } = tokens.issue(10, 60_000);
    const [p, e, mac] = token.split('.') as [string, string, string];
    expect(tokens.open(`${(11).toString(36)}.${e}.${mac}`)).to.equal(null);
    expect(tokens.open(`${p}.${(Number.parseInt(e, 36) * 2).toString(36)}.${mac}`)).to.equal(null);
    expect(new TimeTravelTokens(Buffer.alloc(32, 8), () => 0).open(token)).to.equal(null);
    for (const bad of ['', 'a.b', `${token}x`, `${p}.${e}.${mac.slice(1)}`]) expect(tokens.open(bad), bad).to.equal(null);
  });

  it('opens a future time as one, and its digits read as a position as nothing', () => {
    const tokens = new TimeTravelTokens(key, () => 0);
    const at = Date.parse('2027-01-02T03:04:05.678Z');
    const future = tokens.issue({ kind: 'future', at }, 60_000).token;
    expect(tokens.open(future)).to.deep.equal({ kind: 'future', at, expiresAt: 60_000 });
    // The same digits read as a position are not what was signed.
    const [target, e, mac] = future.split('.') as [string, string, string];
    expect(tokens.open(`${target.slice(2)}.${e}.${mac}`)).to.equal(null);
    expect(tokens.open(`f-${(Number.parseInt(target.slice(2), 36) + 1).toString(36)}.${e}.${mac}`)).to.equal(null);
  });

  it("opens a release's preview as that release, and no other", () => {
    const tokens = new TimeTravelTokens(key, () => 0);
    const releaseId = '01a24247-4db7-70b4-b24c-730392d60495';
    const { token } = tokens.issue({ kind: 'release', releaseId }, 60_000);
    expect(token).to.match(/^r-01a242474db770b4b24c730392d60495\./);
    expect(tokens.open(token)).to.deep.equal({ kind: 'release', releaseId, expiresAt: 60_000 });
    const [, e, mac] = token.split('.') as [string, string, string];
    expect(tokens.open(`r-01a242474db770b4b24c730392d60496.${e}.${mac}`)).to.equal(null);
    expect(() => tokens.issue({ kind: 'release', releaseId: '../x' }, 60_000)).to.throw(TypeError);
  });
});
