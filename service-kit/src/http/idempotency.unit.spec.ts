import { expect } from 'chai';
import { isIdempotencyKey } from '@pagelog/contracts/endpoints';
import { canonicalDigest } from './idempotency';

describe('idempotency fingerprints', () => {
  it('are equal for equal requests whatever the order of their keys', () => {
    const a = canonicalDigest({ method: 'POST', body: { title: 'Nieuws', typeData: { b: 1, a: [{ y: 2, x: 1 }] } } });
    const b = canonicalDigest({ body: { typeData: { a: [{ x: 1, y: 2 }], b: 1 }, title: 'Nieuws' }, method: 'POST' });
    expect(a).to.equal(b);
  });

  it('differ when a value, or the order of a list, differs', () => {
    const base = canonicalDigest({ blocks: ['a', 'b'], title: 'x' });
    expect(canonicalDigest({ blocks: ['b', 'a'], title: 'x' })).to.not.equal(base);
    expect(canonicalDigest({ blocks: ['a', 'b'], title: 'y' })).to.not.equal(base);
    expect(canonicalDigest({ blocks: ['a', 'b'], title: 'x', extra: null })).to.not.equal(base);
  });
});

describe('idempotency keys', () => {
  it('take 1 to 128 letters, digits, _ . : - (a UUID fits)', () => {
    for (const good of ['a', '0192a6b4-8f1e-7c3a-9d2e-4b5c6d7e8f90', 'x'.repeat(128), 'save:page_1.v-2']) expect(isIdempotencyKey(good), good).to.equal(true);
    for (const bad of ['', 'x'.repeat(129), 'a b', 'a/b', 'ä', 'a\nb']) expect(isIdempotencyKey(bad), JSON.stringify(bad)).to.equal(false);
  });
});
