import pg from 'pg';
import { guard } from '../postgres/pg-errors';
import { createTables } from '../postgres/create-tables';
import type { KeyStore } from './key-store';

export interface PostgresKeyStoreOptions {
  /** The caller owns the pool: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the table; created by init(). Default 'public'. */
  schema?: string;
}

/**
 * Per-owner keys in PostgreSQL (table `personal_data_keys`). A destroyed key's row stays in the
 * table file as a dead tuple until VACUUM reclaims it; the key is wrapped with the master key, so
 * that copy is only readable together with the master key.
 */
export class PostgresKeyStore implements KeyStore {
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly table: string;

  constructor(options: PostgresKeyStoreOptions) {
    this.pool = options.pool;
    this.schema = options.schema ?? 'public';
    this.table = `${pg.escapeIdentifier(this.schema)}.personal_data_keys`;
  }

  /** Creates the schema and table if missing; several processes may call it at once. */
  async init(): Promise<void> {
    await createTables(this.pool, this.schema, 'key-store', `
          CREATE TABLE IF NOT EXISTS ${this.table} (
            owner_id text PRIMARY KEY,
            wrapped_key bytea NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
          )`);
  }

  async putIfAbsent(ownerId: string, wrappedKey: Buffer): Promise<Buffer> {
    const { rows } = await guard(() => this.pool.query<{ wrapped_key: Buffer }>(
      `WITH inserted AS (
         INSERT INTO ${this.table} (owner_id, wrapped_key) VALUES ($1, $2)
         ON CONFLICT (owner_id) DO NOTHING RETURNING wrapped_key
       )
       SELECT wrapped_key FROM inserted
       UNION ALL SELECT wrapped_key FROM ${this.table} WHERE owner_id = $1
       LIMIT 1`,
      [ownerId, wrappedKey],
    ));
    if (rows[0]) return rows[0].wrapped_key;
    // Lost a race to a writer that committed after this statement's snapshot was taken: the
    // insert saw its row, the select could not. A new statement sees it.
    const stored = await this.get(ownerId);
    if (!stored) throw new Error(`personal-data key for ${ownerId} vanished while it was being stored`);
    return stored;
  }

  async get(ownerId: string): Promise<Buffer | null> {
    const { rows } = await guard(() => this.pool.query<{ wrapped_key: Buffer }>(
      `SELECT wrapped_key FROM ${this.table} WHERE owner_id = $1`,
      [ownerId],
    ));
    return rows[0]?.wrapped_key ?? null;
  }

  async destroy(ownerId: string): Promise<void> {
    await guard(() => this.pool.query(`DELETE FROM ${this.table} WHERE owner_id = $1`, [ownerId]));
  }

  async close(): Promise<void> {}
}
