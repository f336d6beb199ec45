import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { freshSchema } from '../postgres/fresh-schema';
import { openDatabase } from '../sqlite/open-database';
import { idempotencyStoreContract } from './idempotency-store.contract';
import { PostgresIdempotencyStore } from './postgres-idempotency-store';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';
import { unreachablePool } from '../postgres/unreachable-pool';

idempotencyStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-idem-'));
  const db = openDatabase(join(dir, 'pagelog.db'));
  const store = new SqliteIdempotencyStore(db);
  return {
    store,
    cleanup: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  idempotencyStoreContract('PostgreSQL', async () => {
    const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'idem', max: 25 });
    const store = new PostgresIdempotencyStore({ pool, schema });
    await store.init();
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });

  describe('PostgreSQL idempotency store', () => {
    describe('when the server cannot be reached', () => {
      it('rejects begin with StoreUnavailableError (503)', async () => {
        const pool = unreachablePool();
        const store = new PostgresIdempotencyStore({ pool });
        try {
          const error = await store
            .begin('user:a', 'k', { fingerprint: 'fp', now: Date.now(), leaseMs: 1000, ttlMs: 1000, lease: 'l' })
            .then(() => null, (e: unknown) => e);
          expect(error).to.be.instanceOf(StoreUnavailableError);
        } finally {
          await pool.end();
        }
      });
    });
  });
}
