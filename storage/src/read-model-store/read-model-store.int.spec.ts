import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { openDatabase } from '../sqlite/open-database';
import { PostgresReadModelStore } from './postgres-read-model-store';
import { readModelStoreContract } from './read-model-store.contract';
import { SqliteReadModelStore } from './sqlite-read-model-store';

readModelStoreContract('SQLite', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'pagelog-rm-'));
  const db = openDatabase(join(folder, 'pagelog.db'));
  const store = new SqliteReadModelStore(db);
  return {
    store,
    cleanup: async () => {
      await store.close();
      db.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
});

describe('SQLite read-model store', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'pagelog-rm-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('wakes a waiter on a commit made through another connection to the same file', async () => {
    const file = join(folder, 'pagelog.db');
    const readerDb = openDatabase(file);
    const writerDb = openDatabase(file);
    const reader = new SqliteReadModelStore(readerDb);
    const writer = new SqliteReadModelStore(writerDb);
    try {
      const waiting = reader.waitForCheckpoints(['page-overview'], 5, 3000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writer.commit('page-overview', 5, async (uow) => uow.put('pages', 'p', { ok: true }));
      expect(await waiting).to.equal(true);
      expect(await reader.get('pages', 'p')).to.deep.equal({ ok: true });
    } finally {
      await reader.close();
      await writer.close();
      readerDb.close();
      writerDb.close();
    }
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  /** A store in a fresh schema of its own, dropped again by cleanup. */
  const openPostgres = async (options: { pollIntervalMs?: number } = {}) => {
    const schema = `t_rm_${randomBytes(6).toString('hex')}`;
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 4 });
    const store = new PostgresReadModelStore({ pool, schema, ...options });
    await store.init();
    return {
      store,
      schema,
      pool,
      cleanup: async () => {
        await store.close();
        await pool.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
        await pool.end();
      },
    };
  };

  readModelStoreContract('PostgreSQL', () => openPostgres());

  describe('PostgreSQL read-model store', () => {
    it('can be initialised by several processes at once and again later', async () => {
      const first = await openPostgres();
      const otherPools = [1, 2, 3].map(() => new pg.Pool({ connectionString: postgresUrl, max: 1 }));
      try {
        const others = otherPools.map((pool) => new PostgresReadModelStore({ pool, schema: first.schema }));
        await Promise.all(others.map((store) => store.init()));
        await Promise.all(others.map((store) => store.ensureCollection('pages', ['status'])));
        await first.store.commit('page-overview', 1, async (uow) => uow.put('pages', 'p', { status: 'draft' }));
        expect(await others[0]!.find('pages', { where: { status: 'draft' } })).to.deep.equal([{ status: 'draft' }]);
        await Promise.all(others.map((store) => store.close()));
      } finally {
        await Promise.all(otherPools.map((pool) => pool.end()));
        await first.cleanup();
      }
    });

    it('wakes a waiter in another process by notification, long before its poll', async () => {
      // The waiter polls once a minute and waits at most 10 s, so resolving true proves the NOTIFY path.
      const waiter = await openPostgres({ pollIntervalMs: 60_000 });
      const writerPool = new pg.Pool({ connectionString: postgresUrl, max: 2 });
      const writer = new PostgresReadModelStore({ pool: writerPool, schema: waiter.schema });
      try {
        let settled = false;
        const waiting = waiter.store.waitForCheckpoints(['page-overview'], 42, 10_000).finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).to.equal(false);
        await writer.commit('page-overview', 42, async (uow) => uow.put('pages', 'p', { ok: true }));
        expect(await waiting).to.equal(true);
      } finally {
        await writer.close();
        await writerPool.end();
        await waiter.cleanup();
      }
    });

    it('still wakes waiters by notification after its listen connection was lost', async () => {
      const waiter = await openPostgres({ pollIntervalMs: 60_000 });
      const writerPool = new pg.Pool({ connectionString: postgresUrl, max: 2 });
      const writer = new PostgresReadModelStore({ pool: writerPool, schema: waiter.schema });
      const channel = `pagelog_checkpoints_${waiter.schema}`;
      try {
        expect(await waiter.store.waitForCheckpoints(['page-overview'], 1, 300)).to.equal(false);
        const killed = await writerPool.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE pid <> pg_backend_pid() AND query = $1`,
          [`LISTEN "${channel}"`],
        );
        expect(killed.rowCount).to.equal(1);
        // The client notices the lost connection; the next wait after the back-off listens again.
        await new Promise((resolve) => setTimeout(resolve, 1200));
        const waiting = waiter.store.waitForCheckpoints(['page-overview'], 2, 10_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await writer.commit('page-overview', 2, async () => {});
        // Polled once a minute, waiting 10 s at most: true can only come from a notification.
        expect(await waiting).to.equal(true);
      } finally {
        await writer.close();
        await writerPool.end();
        await waiter.cleanup();
      }
    });

    it('reports an unreachable server as StoreUnavailableError', async () => {
      const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/test', connectionTimeoutMillis: 2000 });
      const store = new PostgresReadModelStore({ pool });
      try {
        let caught: unknown;
        try {
          await store.get('pages', 'p');
        } catch (error) {
          caught = error;
        }
        expect(caught).to.be.instanceOf(StoreUnavailableError);
        let committed: unknown;
        try {
          await store.commit('page-overview', 1, async (uow) => uow.put('pages', 'p', {}));
        } catch (error) {
          committed = error;
        }
        expect(committed).to.be.instanceOf(StoreUnavailableError);
      } finally {
        await store.close();
        await pool.end();
      }
    });
  });
}
