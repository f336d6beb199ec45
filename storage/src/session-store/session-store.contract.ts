import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { SessionRecord, SessionStore } from './session-store';

const minute = 60_000;
const hour = 60 * minute;

/**
 * The behaviour every SessionStore adapter must show. `open` gives a fresh, empty store for each
 * test and a `cleanup` that releases everything it made.
 *
 * Times are taken near the real clock: an adapter may also expire records on its own clock
 * (Redis does), and the `now` arguments then play the fake clock on top of it.
 */
export function sessionStoreContract(
  adapterName: string,
  open: () => Promise<{ store: SessionStore; cleanup: () => Promise<void> }>,
): void {
  describe(`session store contract: ${adapterName}`, () => {
    let store: SessionStore;
    let cleanup: () => Promise<void>;
    let t0: number;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
      t0 = Date.now();
    });

    afterEach(async () => {
      await cleanup();
    });

    const session = (fields: Partial<SessionRecord> = {}): SessionRecord => ({
      id: randomBytes(32).toString('hex'),
      userId: 'user-1',
      csrfToken: randomBytes(16).toString('base64url'),
      createdAt: t0,
      lastSeenAt: t0,
      expiresAt: t0 + hour,
      ...fields,
    });

    describe('when a session is created', () => {
      it('answers it as stored', async () => {
        const record = session();
        await store.create(record);
        expect(await store.get(record.id, t0)).to.deep.equal(record);
      });

      it('keeps an anonymous session with its CSRF token and no user', async () => {
        const record = session({ userId: null });
        await store.create(record);
        expect(await store.get(record.id, t0)).to.deep.equal(record);
      });

      it('answers null for an id it never stored', async () => {
        await store.create(session());
        expect(await store.get(randomBytes(32).toString('hex'), t0)).to.equal(null);
      });
    });

    describe('when a session has expired', () => {
      it('answers null from its expiry on, and the session before it', async () => {
        const record = session();
        await store.create(record);
        expect(await store.get(record.id, record.expiresAt - 1)).to.deep.equal(record);
        expect(await store.get(record.id, record.expiresAt)).to.equal(null);
        expect(await store.get(record.id, record.expiresAt + hour)).to.equal(null);
      });

      it('answers null once its expiry has passed on the real clock', async () => {
        const record = session({ expiresAt: Date.now() + 100 });
        await store.create(record);
        expect(await store.get(record.id)).to.deep.equal(record);
        await sleep(200);
        expect(await store.get(record.id)).to.equal(null);
      });
    });

    describe('when a session is touched', () => {
      it('moves lastSeenAt and expiresAt, so it outlives its first deadline', async () => {
        const record = session({ expiresAt: t0 + 30 * minute });
        await store.create(record);
        await store.touch(record.id, t0 + 20 * minute, t0 + 50 * minute);

        const later = await store.get(record.id, t0 + 40 * minute);
        expect(later).to.deep.equal({ ...record, lastSeenAt: t0 + 20 * minute, expiresAt: t0 + 50 * minute });
        expect(await store.get(record.id, t0 + 50 * minute)).to.equal(null);
      });

      it('creates nothing for an unknown id', async () => {
        const id = randomBytes(32).toString('hex');
        await store.touch(id, t0, t0 + hour);
        expect(await store.get(id, t0)).to.equal(null);
      });
    });

    describe('when a session is destroyed', () => {
      it('answers null for it and leaves the others', async () => {
        const [gone, kept] = [session(), session()];
        await store.create(gone);
        await store.create(kept);
        await store.destroy(gone.id);
        expect(await store.get(gone.id, t0)).to.equal(null);
        expect(await store.get(kept.id, t0)).to.deep.equal(kept);
      });

      it('takes an unknown id without complaint', async () => {
        await store.destroy(randomBytes(32).toString('hex'));
      });
    });

    describe("when a user's sessions are ended", () => {
      it("ends all but the given one, counts them, and leaves other users' sessions", async () => {
        const [a1, a2, a3] = [session({ userId: 'alice' }), session({ userId: 'alice' }), session({ userId: 'alice' })];
        const bob = session({ userId: 'bob' });
        const anonymous = session({ userId: null });
        for (const s of [a1, a2, a3, bob, anonymous]) await store.create(s);

        expect(await store.destroyForUser('alice', a2.id)).to.equal(2);

        expect(await store.get(a1.id, t0)).to.equal(null);
        expect(await store.get(a3.id, t0)).to.equal(null);
        expect(await store.get(a2.id, t0)).to.deep.equal(a2);
        expect(await store.get(bob.id, t0)).to.deep.equal(bob);
        expect(await store.get(anonymous.id, t0)).to.deep.equal(anonymous);
      });

      it('ends every one of them without an exception', async () => {
        const [a1, a2] = [session({ userId: 'alice' }), session({ userId: 'alice' })];
        await store.create(a1);
        await store.create(a2);
        expect(await store.destroyForUser('alice')).to.equal(2);
        expect(await store.get(a1.id, t0)).to.equal(null);
        expect(await store.get(a2.id, t0)).to.equal(null);
        expect(await store.destroyForUser('alice')).to.equal(0);
      });

      it('does not count sessions that were destroyed one by one before', async () => {
        const [a1, a2, a3] = [session({ userId: 'alice' }), session({ userId: 'alice' }), session({ userId: 'alice' })];
        for (const s of [a1, a2, a3]) await store.create(s);
        await store.destroy(a1.id);
        expect(await store.destroyForUser('alice')).to.equal(2);
      });

      it('lets the user sign in again afterwards', async () => {
        await store.create(session({ userId: 'alice' }));
        await store.destroyForUser('alice');
        const fresh = session({ userId: 'alice' });
        await store.create(fresh);
        expect(await store.get(fresh.id, t0)).to.deep.equal(fresh);
        expect(await store.destroyForUser('alice')).to.equal(1);
      });

      it('answers 0 for a user without sessions', async () => {
        await store.create(session({ userId: 'bob' }));
        expect(await store.destroyForUser('nobody')).to.equal(0);
      });
    });

    /** One attempt under a single counter (no limit worth speaking of). */
    const count = (key: string, at: number, windowMs = minute) => store.admit({ windowMs, limits: [{ key, limit: 1_000_000 }] }, at);

    describe('when attempts are admitted', () => {
      it('counts up within the window, which is fixed by the first attempt', async () => {
        await count('login:a@example.com', t0);
        await count('login:a@example.com', t0 + 10);
        await count('login:a@example.com', t0 + minute / 2);
        expect(await store.peek('login:a@example.com', t0 + minute / 2)).to.deep.equal({ count: 3, resetAt: t0 + minute });
      });

      it('starts again from 1 with a new window once the window has passed', async () => {
        await count('login:a@example.com', t0);
        await count('login:a@example.com', t0 + 1);
        await count('login:a@example.com', t0 + minute);
        expect(await store.peek('login:a@example.com', t0 + minute)).to.deep.equal({ count: 1, resetAt: t0 + 2 * minute });
      });

      it('admits up to the limit, then refuses until the window ends, counting nothing more', async () => {
        const limits = [{ key: 'login:pair', limit: 3 }];
        for (let i = 0; i < 3; i++) expect(await store.admit({ windowMs: minute, limits }, t0 + i)).to.deep.equal({ admitted: true });
        expect(await store.admit({ windowMs: minute, limits }, t0 + 10_000)).to.deep.equal({ admitted: false, retryAfterMs: minute - 10_000 });
        expect(await store.peek('login:pair', t0 + 10_000)).to.deep.equal({ count: 3, resetAt: t0 + minute });
        expect(await store.admit({ windowMs: minute, limits }, t0 + minute)).to.deep.equal({ admitted: true });
      });

      it('refuses when any one limit is reached, and then counts under none of the keys', async () => {
        await store.admit({ windowMs: minute, limits: [{ key: 'login:account', limit: 1 }] }, t0);
        const refused = await store.admit({ windowMs: minute, limits: [{ key: 'login:pair', limit: 5 }, { key: 'login:account', limit: 1 }] }, t0 + 1);
        expect(refused.admitted).to.equal(false);
        expect(await store.peek('login:pair', t0 + 1)).to.equal(null);
        expect(await store.peek('login:account', t0 + 1)).to.deep.equal({ count: 1, resetAt: t0 + minute });
      });

      it('admits exactly the limit of 50 attempts made at once, and counts exactly those', async () => {
        const limits = [{ key: 'login:burst', limit: 7 }, { key: 'login:other', limit: 1000 }];
        const answers = await Promise.all(Array.from({ length: 50 }, () => store.admit({ windowMs: minute, limits }, t0)));
        expect(answers.filter((a) => a.admitted)).to.have.length(7);
        expect(await store.peek('login:burst', t0)).to.deep.equal({ count: 7, resetAt: t0 + minute });
        expect(await store.peek('login:other', t0)).to.deep.equal({ count: 7, resetAt: t0 + minute });
      });

      it('keeps separate counts per key', async () => {
        await count('login:a', t0);
        await count('login:a', t0);
        await count('login:b', t0 + 1);
        expect(await store.peek('login:b', t0 + 1)).to.deep.equal({ count: 1, resetAt: t0 + 1 + minute });
        expect(await store.peek('login:a', t0 + 1)).to.deep.equal({ count: 2, resetAt: t0 + minute });
      });
    });

    describe('when events are counted one by one', () => {
      it('counts up within the window, which is fixed by the first, and starts again after it', async () => {
        expect(await store.hit('login:ip-failures:a', minute, t0)).to.deep.equal({ count: 1, resetAt: t0 + minute });
        expect(await store.hit('login:ip-failures:a', minute, t0 + 10)).to.deep.equal({ count: 2, resetAt: t0 + minute });
        expect(await store.hit('login:ip-failures:a', minute, t0 + minute)).to.deep.equal({ count: 1, resetAt: t0 + 2 * minute });
      });

      it('counts every one of 50 events at once, each answered its own count', async () => {
        const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit('login:burst', minute, t0)));
        expect(counts.map((c) => c.count).sort((x, y) => x - y)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(await store.peek('login:burst', t0)).to.deep.equal({ count: 50, resetAt: t0 + minute });
      });
    });

    describe('when attempts are released', () => {
      it('takes one back under each key, never below 0', async () => {
        await count('login:a', t0);
        await count('login:a', t0);
        await count('login:b', t0);
        await store.release(['login:a', 'login:b', 'login:never'], t0 + 1);
        await store.release(['login:b'], t0 + 2);
        expect(await store.peek('login:a', t0 + 2)).to.deep.equal({ count: 1, resetAt: t0 + minute });
        expect(await store.peek('login:b', t0 + 2)).to.deep.equal({ count: 0, resetAt: t0 + minute });
        expect(await store.peek('login:never', t0 + 2)).to.equal(null);
      });
    });

    describe('when a count is peeked at', () => {
      it('answers null for a key never hit', async () => {
        expect(await store.peek('login:nobody', t0)).to.equal(null);
      });

      it('answers the count without adding to it', async () => {
        await count('login:a', t0);
        await count('login:a', t0);
        expect(await store.peek('login:a', t0 + 1)).to.deep.equal({ count: 2, resetAt: t0 + minute });
        expect(await store.peek('login:a', t0 + 2)).to.deep.equal({ count: 2, resetAt: t0 + minute });
      });

      it('answers null once the window has passed', async () => {
        await count('login:a', t0);
        expect(await store.peek('login:a', t0 + minute - 1)).to.deep.equal({ count: 1, resetAt: t0 + minute });
        expect(await store.peek('login:a', t0 + minute)).to.equal(null);
      });
    });

    describe('when a count is cleared', () => {
      it('forgets it, so the next attempt counts from 1 in a new window', async () => {
        await count('login:a', t0);
        await count('login:a', t0);
        await count('login:b', t0);
        await store.clear('login:a');
        expect(await store.peek('login:a', t0)).to.equal(null);
        expect(await store.peek('login:b', t0)).to.deep.equal({ count: 1, resetAt: t0 + minute });
        await count('login:a', t0 + 5);
        expect(await store.peek('login:a', t0 + 5)).to.deep.equal({ count: 1, resetAt: t0 + 5 + minute });
      });

      it('takes a key never hit without complaint', async () => {
        await store.clear('login:nobody');
        expect(await store.peek('login:nobody', t0)).to.equal(null);
      });
    });
  });
}
