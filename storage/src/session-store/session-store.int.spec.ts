import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { openDatabase } from '../sqlite/open-database';
import { RedisSessionStore } from './redis-session-store';
import type { SessionRecord } from './session-store';
import { sessionStoreContract } from './session-store.contract';
import { SqliteSessionStore } from './sqlite-session-store';
import { onSqliteFile } from '../test-fixtures';

const minute = 60_000;

sessionStoreContract('SQLite', onSqliteFile('ss', (db) => new SqliteSessionStore(db)));

describe('SQLite session store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-ss-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when a session is created', () => {
    it('purges the sessions and counters that had expired by its creation time', async () => {
      const db = openDatabase(join(dir, 'pagelog.db'));
      const store = new SqliteSessionStore(db);
      try {
        const t0 = Date.now();
        await store.create(record({ createdAt: t0, expiresAt: t0 + minute }));
        await store.create(record({ createdAt: t0, expiresAt: t0 + 10 * minute }));
        await store.admit({ windowMs: minute, limits: [{ key: 'login:old', limit: 10 }] }, t0);
        await store.admit({ windowMs: 10 * minute, limits: [{ key: 'login:new', limit: 10 }] }, t0);
        const rows = () => ({
          sessions: db.prepare('SELECT count(*) AS n FROM sessions').pluck().get(),
          attempts: db.prepare('SELECT count(*) AS n FROM attempts').pluck().get(),
        });
        expect(rows()).to.deep.equal({ sessions: 2, attempts: 2 });

        await store.create(record({ createdAt: t0 + 2 * minute, expiresAt: t0 + 20 * minute }));

        expect(rows()).to.deep.equal({ sessions: 2, attempts: 1 });
        expect(await store.peek('login:new', t0 + 2 * minute)).to.deep.equal({ count: 1, resetAt: t0 + 10 * minute });
      } finally {
        db.close();
      }
    });
  });

  describe('when the file is opened again', () => {
    it('still has its sessions and counters', async () => {
      const file = join(dir, 'pagelog.db');
      const t0 = Date.now();
      const kept = record({ createdAt: t0, expiresAt: t0 + minute });
      const first = openDatabase(file);
      await new SqliteSessionStore(first).create(kept);
      await new SqliteSessionStore(first).admit({ windowMs: minute, limits: [{ key: 'login:a', limit: 10 }] }, t0);
      first.close();

      const second = openDatabase(file);
      try {
        const store = new SqliteSessionStore(second);
        expect(await store.get(kept.id, t0)).to.deep.equal(kept);
        expect(await store.peek('login:a', t0)).to.deep.equal({ count: 1, resetAt: t0 + minute });
      } finally {
        second.close();
      }
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

if (redisUrl) {
  sessionStoreContract('Redis', async () => {
    const { client, prefix, drop } = await freshPrefix(redisUrl);
    const store = new RedisSessionStore({ client, prefix });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });

  describe('Redis session store', () => {
    let setup: Awaited<ReturnType<typeof freshPrefix>>;
    beforeEach(async () => {
      setup = await freshPrefix(redisUrl);
    });
    afterEach(async () => {
      await setup.drop();
    });

    describe('when records are written', () => {
      it('gives sessions, user sets and counters Redis expiry times, so they go on their own', async () => {
        const { client, prefix } = setup;
        const store = new RedisSessionStore({ client, prefix });
        const t0 = Date.now();
        const s = record({ userId: 'alice', createdAt: t0, expiresAt: t0 + 30 * minute });
        await store.create(s);
        await store.admit({ windowMs: 5 * minute, limits: [{ key: 'login:a', limit: 10 }] }, t0);

        const ttlOf = (key: string) => client.pttl(`${prefix}${key}`);
        expect(await ttlOf(`session:${s.id}`)).to.be.within(30 * minute - 2000, 30 * minute);
        expect(await ttlOf('user-sessions:alice')).to.be.within(30 * minute - 2000, 30 * minute);
        const counterTtl = await client.pttl(`${prefix}attempts:login:a`);
        expect(counterTtl).to.be.within(5 * minute - 2000, 5 * minute);

        await store.touch(s.id, t0 + minute, t0 + 40 * minute);
        expect(await ttlOf(`session:${s.id}`)).to.be.within(39 * minute - 2000, 39 * minute);
        expect(await ttlOf('user-sessions:alice')).to.be.within(39 * minute - 2000, 39 * minute);
      });

      it("keeps a session for what is left of it on the caller's clock, when that clock is days behind Redis's", async () => {
        const { client, prefix } = setup;
        const store = new RedisSessionStore({ client, prefix });
        const t0 = Date.now() - 2 * 24 * 60 * minute; // a fake clock of two days ago
        const s = record({ userId: 'alice', createdAt: t0, expiresAt: t0 + 30 * minute });
        await store.create(s);
        expect(await store.get(s.id, t0 + minute)).to.deep.equal(s);
        await store.touch(s.id, t0 + 2 * minute, t0 + 32 * minute);
        expect(await store.get(s.id, t0 + 3 * minute)).to.include({ expiresAt: t0 + 32 * minute });
        expect(await client.pttl(`${prefix}session:${s.id}`)).to.be.above(29 * minute);
        expect(await store.get(s.id, t0 + 32 * minute), 'over on its own clock').to.equal(null);
      });

      it("drops ids of sessions that expired from the user's set when the user signs in again", async () => {
        const { client, prefix } = setup;
        const store = new RedisSessionStore({ client, prefix });
        const t0 = Date.now();
        const old = record({ userId: 'alice', createdAt: t0, expiresAt: t0 + minute });
        await store.create(old);
        await client.del(`${prefix}session:${old.id}`); // as Redis does when it expires
        const fresh = record({ userId: 'alice', createdAt: t0, expiresAt: t0 + minute });
        await store.create(fresh);
        expect(await client.smembers(`${prefix}user-sessions:alice`)).to.deep.equal([fresh.id]);
      });
    });

    describe('when two stores use different prefixes on one server', () => {
      it('keeps their sessions and counters apart', async () => {
        const other = await freshPrefix(redisUrl);
        try {
          const mine = new RedisSessionStore({ client: setup.client, prefix: setup.prefix });
          const theirs = new RedisSessionStore({ client: other.client, prefix: other.prefix });
          const t0 = Date.now();
          const s = record({ userId: 'alice', createdAt: t0, expiresAt: t0 + minute });
          await mine.create(s);
          await mine.admit({ windowMs: minute, limits: [{ key: 'login:a', limit: 10 }] }, t0);
          expect(await theirs.get(s.id, t0)).to.equal(null);
          expect(await theirs.peek('login:a', t0)).to.equal(null);
          expect(await theirs.destroyForUser('alice')).to.equal(0);
          expect(await mine.get(s.id, t0)).to.deep.equal(s);
        } finally {
          await other.drop();
        }
      });
    });

    describe('when opened from a URL', () => {
      it('connects on its own and close() disconnects', async () => {
        const store = new RedisSessionStore({ url: redisUrl, prefix: setup.prefix });
        const t0 = Date.now();
        const s = record({ createdAt: t0, expiresAt: t0 + minute });
        await store.create(s);
        expect(await new RedisSessionStore({ client: setup.client, prefix: setup.prefix }).get(s.id, t0)).to.deep.equal(s);
        await store.close();
        const error = await store.get(s.id, t0).then(() => null, (e: unknown) => e);
        expect(error).to.be.instanceOf(StoreUnavailableError);
      });
    });

    describe('when the server cannot be reached', () => {
      it('rejects calls with StoreUnavailableError (503)', async () => {
        const client = new Redis({ host: '127.0.0.1', port: 1, maxRetriesPerRequest: 0, retryStrategy: () => null });
        client.on('error', () => {});
        const store = new RedisSessionStore({ client });
        try {
          for (const call of [() => store.get('x'), () => store.admit({ windowMs: minute, limits: [{ key: 'login:a', limit: 10 }] }), () => store.create(record())]) {
            const error = await call().then(() => null, (e: unknown) => e);
            expect(error).to.be.instanceOf(StoreUnavailableError);
            expect((error as StoreUnavailableError).status).to.equal(503);
          }
        } finally {
          client.disconnect();
        }
      });
    });
  });
}

function record(fields: Partial<SessionRecord> = {}): SessionRecord {
  const now = Date.now();
  return {
    id: randomBytes(32).toString('hex'),
    userId: 'user-1',
    csrfToken: randomBytes(16).toString('base64url'),
    createdAt: now,
    lastSeenAt: fields.createdAt ?? now,
    expiresAt: now + minute,
    ...fields,
  };
}

/** A client and a new random key prefix; `drop` deletes every key under it and disconnects. */
async function freshPrefix(url: string) {
  const client = new Redis(url);
  client.on('error', () => {});
  const prefix = `t_ss_${randomBytes(8).toString('hex')}:`;
  return {
    client,
    prefix,
    drop: async () => {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await client.quit();
    },
  };
}
