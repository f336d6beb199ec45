import { expect } from 'chai';
import type { BeginRequest, IdempotencyStore } from './idempotency-store';

const LEASE_MS = 60_000;
const TTL_MS = 24 * 60 * 60_000;
const T0 = Date.UTC(2026, 0, 1);

let leases = 0;
const request = (fingerprint: string, now: number, extra: Partial<BeginRequest> = {}): BeginRequest => ({
  fingerprint,
  now,
  leaseMs: LEASE_MS,
  ttlMs: TTL_MS,
  lease: `lease-${++leases}`,
  ...extra,
});

/**
 * The behaviour every IdempotencyStore adapter must show. `open` gives a fresh, empty store for
 * each test and a `cleanup` that releases everything it made.
 */
export function idempotencyStoreContract(
  adapterName: string,
  open: () => Promise<{ store: IdempotencyStore; cleanup: () => Promise<void> }>,
): void {
  describe(`idempotency store contract: ${adapterName}`, () => {
    let store: IdempotencyStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('when a key is new', () => {
      it('lets the run start, at this moment', async () => {
        const outcome = await store.begin('user:a', 'k1', request('fp', T0, { lease: 'mine' }));
        expect(outcome).to.deep.equal({ kind: 'run', startedAt: T0, lease: 'mine' });
      });

      it('keeps scopes apart: the same key of another caller is another key', async () => {
        await store.begin('user:a', 'k1', request('fp-a', T0));
        const other = await store.begin('user:b', 'k1', request('fp-b', T0));
        expect(other.kind).to.equal('run');
      });
    });

    describe('while a run holds the key', () => {
      it('answers running, with the time its lease has left, to the same request', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        expect(await store.begin('user:a', 'k1', request('fp', T0 + 10_000))).to.deep.equal({ kind: 'running', retryAfterMs: LEASE_MS - 10_000 });
      });

      it('answers mismatch to another request with the same key', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        expect(await store.begin('user:a', 'k1', request('other', T0 + 1))).to.deep.equal({ kind: 'mismatch' });
      });

      it('lets exactly one of 20 racing requests run', async () => {
        const outcomes = await Promise.all(Array.from({ length: 20 }, () => store.begin('user:a', 'race', request('fp', T0))));
        expect(outcomes.filter((o) => o.kind === 'run')).to.have.length(1);
        expect(outcomes.filter((o) => o.kind === 'running')).to.have.length(19);
      });

      it('lets another run take over, as the same command, once the lease has run out (the first died)', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        const later = await store.begin('user:a', 'k1', request('fp', T0 + LEASE_MS, { lease: 'second' }));
        expect(later).to.deep.equal({ kind: 'run', startedAt: T0, lease: 'second' });
      });
    });

    describe('when the run succeeded', () => {
      it('answers the stored answer to the same request, for 24 hours', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        await store.complete('user:a', 'k1', 'the answer ✓');
        expect(await store.begin('user:a', 'k1', request('fp', T0 + 1000))).to.deep.equal({ kind: 'done', response: 'the answer ✓' });
        expect(await store.begin('user:a', 'k1', request('fp', T0 + TTL_MS - 1))).to.deep.equal({ kind: 'done', response: 'the answer ✓' });
      });

      it('still answers mismatch to another request with the key', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        await store.complete('user:a', 'k1', 'answer');
        expect(await store.begin('user:a', 'k1', request('other', T0 + 1))).to.deep.equal({ kind: 'mismatch' });
      });

      it('keeps the first answer when a run that took over completes as well', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        await store.begin('user:a', 'k1', request('fp', T0 + LEASE_MS));
        await store.complete('user:a', 'k1', 'first');
        await store.complete('user:a', 'k1', 'second');
        expect(await store.begin('user:a', 'k1', request('fp', T0 + LEASE_MS + 1))).to.deep.equal({ kind: 'done', response: 'first' });
      });
    });

    describe('when the run failed', () => {
      it('lets the same request run again at once, with the first run’s start', async () => {
        const first = await store.begin('user:a', 'k1', request('fp', T0, { lease: 'one' }));
        expect(first.kind).to.equal('run');
        await store.release('user:a', 'k1', 'one');
        expect(await store.begin('user:a', 'k1', request('fp', T0 + 5000, { lease: 'two' }))).to.deep.equal({ kind: 'run', startedAt: T0, lease: 'two' });
      });

      it('still refuses another request with the key', async () => {
        await store.begin('user:a', 'k1', request('fp', T0, { lease: 'one' }));
        await store.release('user:a', 'k1', 'one');
        expect(await store.begin('user:a', 'k1', request('other', T0 + 1))).to.deep.equal({ kind: 'mismatch' });
      });

      it('ignores a release by a run whose lease was taken over', async () => {
        await store.begin('user:a', 'k1', request('fp', T0, { lease: 'one' }));
        await store.begin('user:a', 'k1', request('fp', T0 + LEASE_MS, { lease: 'two' }));
        await store.release('user:a', 'k1', 'one');
        expect((await store.begin('user:a', 'k1', request('fp', T0 + LEASE_MS + 1))).kind).to.equal('running');
      });
    });

    describe('when a key has expired', () => {
      it('counts as new, whatever it held', async () => {
        await store.begin('user:a', 'k1', request('fp', T0));
        await store.complete('user:a', 'k1', 'answer');
        const later = T0 + TTL_MS;
        expect(await store.begin('user:a', 'k1', request('other', later, { lease: 'new' }))).to.deep.equal({ kind: 'run', startedAt: later, lease: 'new' });
      });

      it('is purged, and only expired keys are', async () => {
        await store.begin('user:a', 'old', request('fp', T0));
        await store.begin('user:a', 'young', request('fp', T0 + 1000));
        expect(await store.purgeExpired(T0 + TTL_MS)).to.equal(1);
        // Kept: a run began at T0 + 1000 (its lease has long run out, so this one takes over).
        expect(await store.begin('user:a', 'young', request('fp', T0 + TTL_MS, { lease: 'again' }))).to.deep.equal({ kind: 'run', startedAt: T0 + 1000, lease: 'again' });
        expect(await store.purgeExpired(T0 + TTL_MS)).to.equal(0);
      });
    });
  });
}
