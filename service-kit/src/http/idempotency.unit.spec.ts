import { expect } from 'chai';
import { isIdempotencyKey } from '@pagelog/contracts/endpoints';
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { IdempotencyStore } from '@pagelog/storage/idempotency-store/idempotency-store';
import { canonicalDigest, KeyedCommand } from './idempotency';

const KEY = '0192a6b4-8f1e-7c3a-9d2e-4b5c6d7e8f90';

describe('idempotency fingerprints', () => {
  it('are equal for equal requests whatever the order of their keys', () => {
    const a = canonicalDigest({ method: 'POST', body: { title: 'Nieuws', typeData: { b: 1, a: [{ y: 2, x: 1 }] } } }, KEY);
    const b = canonicalDigest({ body: { typeData: { a: [{ x: 1, y: 2 }], b: 1 }, title: 'Nieuws' }, method: 'POST' }, KEY);
    expect(a).to.equal(b);
  });

  it('differ when a value, or the order of a list, differs', () => {
    const base = canonicalDigest({ blocks: ['a', 'b'], title: 'x' }, KEY);
    expect(canonicalDigest({ blocks: ['b', 'a'], title: 'x' }, KEY)).to.not.equal(base);
    expect(canonicalDigest({ blocks: ['a', 'b'], title: 'y' }, KEY)).to.not.equal(base);
    expect(canonicalDigest({ blocks: ['a', 'b'], title: 'x', extra: null }, KEY)).to.not.equal(base);
  });

  it('are keyed by the Idempotency-Key: a body with a password in it cannot be matched against guesses without it', () => {
    const body = { method: 'PUT', body: { currentPassword: 'Silver-Meadow-Compass-7' } };
    const fingerprint = canonicalDigest(body, KEY);
    expect(canonicalDigest(body, 'another-key')).to.not.equal(fingerprint);
    const unkeyed = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    expect(fingerprint).to.not.equal(unkeyed);
  });
});

describe('idempotency keys', () => {
  it('take 1 to 128 letters, digits, _ . : - (a UUID fits)', () => {
    for (const good of ['a', '0192a6b4-8f1e-7c3a-9d2e-4b5c6d7e8f90', 'x'.repeat(128), 'save:page_1.v-2']) expect(isIdempotencyKey(good), good).to.equal(true);
    for (const bad of ['', 'x'.repeat(129), 'a b', 'a/b', 'ä', 'a\nb']) expect(isIdempotencyKey(bad), JSON.stringify(bad)).to.equal(false);
  });
});

describe('a keyed command that failed', () => {
  // A store whose release never answers: the database went away after the command failed.
  const released: string[] = [];
  const store: IdempotencyStore = {
    begin: async (_scope, _key, request) => ({ kind: 'run', lease: request.lease, startedAt: request.now }),
    complete: async () => {},
    release: (_scope, key) => {
      released.push(key);
      return new Promise<void>(() => {});
    },
    purgeExpired: async () => 0,
    close: async () => {},
  };
  const ctx = () => ({ method: 'POST', params: {}, state: {} }) as unknown as Context;

  it("does not hold its answer back for the key's release after store trouble: it goes on after the answer", async () => {
    const keyed = new KeyedCommand(store, 'pageCreate', 'page', 'scope', KEY);
    const request = ctx();
    expect(await keyed.admit(request, { title: 'x' })).to.equal(true);
    const outcome = await Promise.race([keyed.failed(request, new StoreUnavailableError(new Error('gone'))).then(() => 'answered'), new Promise((r) => setTimeout(() => r('waited'), 200))]);
    expect(outcome).to.equal('answered');
    expect(released).to.have.length(1);
  });

  it('frees its key before answering after any other failure, so a retry may run at once', async () => {
    const keyed = new KeyedCommand(store, 'pageCreate', 'page', 'scope', KEY);
    const request = ctx();
    await keyed.admit(request, { title: 'x' });
    const outcome = await Promise.race([keyed.failed(request, new Error('a bug')).then(() => 'answered'), new Promise((r) => setTimeout(() => r('waited'), 200))]);
    expect(outcome).to.equal('waited');
  });
});
