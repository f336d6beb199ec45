import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { hashToken, newToken, parseToken } from './tokens';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const SECRET = 'A'.repeat(20) + '_-' + 'z9'.repeat(10) + 'q';

describe('link tokens', () => {
  describe('when a token is made', () => {
    it('names its owner and carries 43 url-safe characters of secret', () => {
      const { token } = newToken('0f8e1c2a-user');
      expect(token).to.match(/^0f8e1c2a-user\.[A-Za-z0-9_-]{43}$/);
    });

    it('keeps only the SHA-256 of the secret part, never the secret', () => {
      const { token, tokenHash } = newToken('u1');
      const secret = token.slice('u1.'.length);
      expect(tokenHash).to.equal(sha256(secret));
      expect(tokenHash).to.match(/^[0-9a-f]{64}$/);
      expect(tokenHash).not.to.contain(secret);
      expect(tokenHash).not.to.equal(sha256(token));
    });

    it('makes a different token every time', () => {
      const a = newToken('u1');
      const b = newToken('u1');
      expect(a.token).not.to.equal(b.token);
      expect(a.tokenHash).not.to.equal(b.tokenHash);
    });
  });

  describe('when a token is parsed', () => {
    it('gives back the owner and the hash it was made with', () => {
      const { token, tokenHash } = newToken('setup');
      expect(parseToken(token)).to.deep.equal({ ownerId: 'setup', tokenHash });
    });

    it('ignores surrounding white space (a pasted link)', () => {
      const { token, tokenHash } = newToken('u1');
      expect(parseToken(`  ${token}\n`)).to.deep.equal({ ownerId: 'u1', tokenHash });
    });

    it('hashes the secret the same way hashToken does', () => {
      expect(parseToken(`u1.${SECRET}`)).to.deep.equal({ ownerId: 'u1', tokenHash: hashToken(SECRET) });
    });

    it('rejects input that is not shaped like a token', () => {
      for (const bad of [
        '',
        'u1',
        SECRET,
        `.${SECRET}`,
        `u1.${SECRET.slice(1)}`,
        `u1.${SECRET}x`,
        `u1.${SECRET.slice(1)}=`,
        `u1.${SECRET.slice(1)}+`,
        `u1.${SECRET.slice(1)}/`,
        `u 1.${SECRET}`,
        `u1.x.${SECRET}`,
        `${'a'.repeat(65)}.${SECRET}`,
      ]) {
        expect(parseToken(bad), JSON.stringify(bad)).to.equal(null);
      }
    });
  });
});
