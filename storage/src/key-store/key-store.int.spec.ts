import { randomBytes } from 'node:crypto';
import { freshSchema } from '../postgres/fresh-schema';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { openDatabase } from '../sqlite/open-database';
import { keyStoreContract } from './key-store.contract';
import { PostgresKeyStore } from './postgres-key-store';
import { SqliteKeyStore } from './sqlite-key-store';
import { unreachablePool } from '../postgres/unreachable-pool';
import { inFreshSchema, onSqliteFile } from '../test-fixtures';

keyStoreContract('SQLite', onSqliteFile('ks', (db) => new SqliteKeyStore(db)));

describe('SQLite key store', () => {
  describe('when a key is destroyed and the WAL is checkpointed', () => {
    it('leaves none of its bytes in the database file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pagelog-ks-'));
      const file = join(dir, 'pagelog.db');
      const db = openDatabase(file);
      try {
        const store = new SqliteKeyStore(db);
        const doomed = randomBytes(60);
        const kept = randomBytes(60);
        await store.putIfAbsent('user-doomed', doomed);
        await store.putIfAbsent('user-kept', kept);
        db.pragma('wal_checkpoint(TRUNCATE)');
        expect(readFileSync(file).includes(doomed)).to.equal(true);

        await store.destroy('user-doomed');
        db.pragma('wal_checkpoint(TRUNCATE)');

        const bytes = Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
        expect(bytes.includes(doomed)).to.equal(false);
        expect(bytes.includes(kept)).to.equal(true);
        // The connection's own setting is left as it was.
        expect(db.pragma('secure_delete', { simple: true })).to.equal(0);
      } finally {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  keyStoreContract('PostgreSQL', inFreshSchema(postgresUrl, 'ks', (options) => new PostgresKeyStore(options)));

  describe('PostgreSQL key store', () => {
    describe('when several processes initialise the same schema at once', () => {
      it('creates it once and all can use it', async () => {
        const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'ks', max: 25 });
        try {
          const stores = [1, 2, 3].map(() => new PostgresKeyStore({ pool, schema }));
          await Promise.all(stores.map((s) => s.init()));
          const key = randomBytes(60);
          await stores[0]!.putIfAbsent('user-a', key);
          expect((await stores[2]!.get('user-a'))!.equals(key)).to.equal(true);
        } finally {
          await drop();
        }
      });
    });

    describe('when the server cannot be reached', () => {
      it('rejects calls with StoreUnavailableError (503)', async () => {
        const pool = unreachablePool();
        const store = new PostgresKeyStore({ pool });
        try {
          for (const call of [() => store.get('user-a'), () => store.putIfAbsent('user-a', randomBytes(60))]) {
            const error = await call().then(() => null, (e: unknown) => e);
            expect(error).to.be.instanceOf(StoreUnavailableError);
          }
        } finally {
          await pool.end();
        }
      });
    });
  });
}
