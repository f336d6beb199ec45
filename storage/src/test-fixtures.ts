import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { freshSchema } from './postgres/fresh-schema';
import { openDatabase, type SqliteDatabase } from './sqlite/open-database';

/** What a contract suite opens for each test: a store of its own, and how to dispose of it. */
export interface OpenedStore<S> {
  store: S;
  cleanup: () => Promise<void>;
}

/** For tests: a store on a new SQLite file in a temporary folder, removed with the folder afterwards. */
export function onSqliteFile<S extends { close(): Promise<void> }>(prefix: string, make: (db: SqliteDatabase) => S): () => Promise<OpenedStore<S>> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), `pagelog-${prefix}-`));
    const db = openDatabase(join(dir, 'pagelog.db'));
    const store = make(db);
    return {
      store,
      cleanup: async () => {
        await store.close();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
}

/** For tests: a store in a new PostgreSQL schema (its init() creates it), dropped afterwards. */
export function inFreshSchema<S extends { close(): Promise<void>; init(): Promise<void> }>(
  url: string,
  prefix: string,
  make: (options: { pool: pg.Pool; schema: string }) => S,
): () => Promise<OpenedStore<S>> {
  return async () => {
    const { pool, schema, drop } = await freshSchema(url, { prefix, max: 25 });
    const store = make({ pool, schema });
    await store.init();
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  };
}
