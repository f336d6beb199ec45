import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { openDatabase } from '../sqlite/open-database';
import { idempotencyStoreContract } from './idempotency-store.contract';
import { PostgresIdempotencyStore } from './postgres-idempotency-store';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';
import { unreachablePool } from '../postgres/unreachable-pool';
import { inFreshSchema, onSqliteFile } from '../test-fixtures';

idempotencyStoreContract('SQLite', onSqliteFile('idem', (db) => new SqliteIdempotencyStore(db)));

describe('SQLite idempotency store', () => {
  it('answers a run it recorded even when the purge of expired keys after it fails, so the key is not left running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pagelog-idem-'));
    const db = openDatabase(join(dir, 'pagelog.db'));
    try {
      const store = new SqliteIdempotencyStore(db);
      // A delete that fails as an I/O error would: the purge, and nothing else, breaks.
      db.exec(`CREATE TRIGGER no_purge BEFORE DELETE ON idempotency_keys BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
      const request = { fingerprint: 'fp', now: Date.now(), leaseMs: 60_000, ttlMs: 1_000, lease: 'first' };
      await store.begin('user:a', 'k-old', request);
      const later = { ...request, now: request.now + 24 * 3_600_000, lease: 'second' };
      const outcome = await store.begin('user:a', 'k-new', later);
      expect(outcome.kind).to.equal('run');
      await store.release('user:a', 'k-new', 'second');
      expect((await store.begin('user:a', 'k-new', { ...later, lease: 'third' })).kind).to.equal('run');
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  idempotencyStoreContract('PostgreSQL', inFreshSchema(postgresUrl, 'idem', (options) => new PostgresIdempotencyStore(options)));

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
