import pg from 'pg';
import { guard } from '../postgres/pg-errors';
import { createTables } from '../postgres/create-tables';
import { checkBlobId, checkContentType, type Blob, type BlobStore } from './blob-store';

export interface PostgresBlobStoreOptions {
  /** The caller owns the pool: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the table; created by init(). Default 'public'. */
  schema?: string;
}

/** Blobs in a PostgreSQL table (`blobs`, bytes as bytea). */
export class PostgresBlobStore implements BlobStore {
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly table: string;

  constructor(options: PostgresBlobStoreOptions) {
    this.pool = options.pool;
    this.schema = options.schema ?? 'public';
    this.table = `${pg.escapeIdentifier(this.schema)}.blobs`;
  }

  /** Creates the schema and table if missing; several processes may call it at once. */
  async init(): Promise<void> {
    await createTables(this.pool, this.schema, 'blob-store', `
          CREATE TABLE IF NOT EXISTS ${this.table} (
            id text PRIMARY KEY,
            content_type text NOT NULL,
            bytes bytea NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now()
          )`);
  }

  async put(id: string, blob: Blob): Promise<void> {
    checkBlobId(id);
    checkContentType(blob.contentType);
    await guard(() => this.pool.query(
      `INSERT INTO ${this.table} (id, content_type, bytes) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET content_type = excluded.content_type, bytes = excluded.bytes, updated_at = now()`,
      [id, blob.contentType, blob.bytes],
    ));
  }

  async get(id: string): Promise<Blob | null> {
    checkBlobId(id);
    const { rows } = await guard(() => this.pool.query<{ content_type: string; bytes: Buffer }>(
      `SELECT content_type, bytes FROM ${this.table} WHERE id = $1`,
      [id],
    ));
    return rows[0] ? { contentType: rows[0].content_type, bytes: rows[0].bytes } : null;
  }

  async delete(id: string): Promise<void> {
    checkBlobId(id);
    await guard(() => this.pool.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]));
  }

  async close(): Promise<void> {}
}
