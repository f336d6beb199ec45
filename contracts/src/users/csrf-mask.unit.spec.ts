import { expect } from 'chai';
import { maskCsrfToken, unmaskCsrfToken } from './csrf-mask';

describe('a CSRF token masked for a compressed page', () => {
  const token = 'c1MlvOPNeojIKM9jobxa5-Jv_N0gZyYgHB_DMabcdef';

  it('is other bytes every time, and unmasks to the token', () => {
    const masks = Array.from({ length: 20 }, () => maskCsrfToken(token));
    expect(new Set(masks).size).to.equal(20);
    for (const masked of masks) {
      expect(masked).to.match(/^m1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(masked).to.not.include(token);
      expect(unmaskCsrfToken(masked)).to.equal(token);
    }
  });

  it('leaves an unmasked token as it is, and answers null for a malformed mask', () => {
    expect(unmaskCsrfToken(token)).to.equal(token);
    expect(unmaskCsrfToken('m1.abc')).to.equal(null);
    expect(unmaskCsrfToken('m1.ab.cdef')).to.equal(null);
    expect(unmaskCsrfToken('m1.a$b.cd')).to.equal(null);
    expect(unmaskCsrfToken('m1.ab.cd.ef')).to.equal(null);
  });
});
