import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import pg from 'pg';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import { guard } from '../postgres/pg-errors';
import { createTables } from '../postgres/create-tables';
import { inTransaction } from '../postgres/transaction';
import {
  checkBlobKey,
  checkContentType,
  checkRange,
  hashWhileWriting,
  isLegacyBlobKey,
  renditionId,
  type BlobBody,
  type BlobContent,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type RenditionParams,
} from './blob-store';

export interface PostgresBlobStoreOptions {
  /** The caller owns the pool: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the tables; created by init(). Default 'public'. */
  schema?: string;
  /** Bytes per chunk row (default 1 MiB): what one query moves, and about what a read or write holds. */
  chunkSize?: number;
}

interface ObjectRow {
  sha256: string;
  size: string;
  content_type: string;
  chunk_size: number;
  upload: string;
}

/** Bytes fetched by one query when reading (a slice of a chunk row). */
const readSize = 256 * 1024;

/** Uploads that never committed (the process died) and are this old are removed by init(). */
const staleUploadInterval = '1 day';

/**
 * Blobs in PostgreSQL as rows of at most `chunkSize` bytes, written one row per query and read
 * in slices of 256 KiB per query (never a whole blob in memory, never a transaction open for the
 * length of an upload or a download):
 *
 * * `blob_chunks (upload, seq, data)`: the bytes of one upload, stored uncompressed;
 * * `blob_uploads (upload, started_at)`: uploads being written;
 * * `blob_objects (name, source, sha256, size, content_type, chunk_size, upload)`: committed blobs,
 *   named by their hash, and renditions, named `<source key>/<rendition id>`.
 *
 * A put streams chunks under a new upload id, then commits in one short transaction: the object
 * row is inserted unless the same hash is there already (then the new chunks go; a concurrent
 * writer of the same bytes waits on the row's key and finds it). Chunks of an upload without an
 * object row are invisible, removed on failure and, after a crash, by a later init(). Profile
 * images stored before (table `blobs`, bytea, under UUIDs) are still read and deleted.
 */
export class PostgresBlobStore implements BlobStore {
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly chunkSize: number;
  private readonly objects: string;
  private readonly chunks: string;
  private readonly uploads: string;
  private readonly legacy: string;
  private hasLegacy = false;

  constructor(options: PostgresBlobStoreOptions) {
    this.pool = options.pool;
    this.schema = options.schema ?? 'public';
    this.chunkSize = options.chunkSize ?? 1024 * 1024;
    if (!Number.isSafeInteger(this.chunkSize) || this.chunkSize < 1) throw new TypeError('chunkSize must be a positive integer');
    const s = pg.escapeIdentifier(this.schema);
    this.objects = `${s}.blob_objects`;
    this.chunks = `${s}.blob_chunks`;
    this.uploads = `${s}.blob_uploads`;
    this.legacy = `${s}.blobs`;
  }

  /** Creates the schema and tables if missing and clears stale uploads; several processes may call it at once. */
  async init(): Promise<void> {
    await createTables(this.pool, this.schema, 'blob-store', `
          CREATE TABLE IF NOT EXISTS ${this.objects} (
            name text PRIMARY KEY,
            source text,
            sha256 text NOT NULL,
            size bigint NOT NULL,
            content_type text NOT NULL,
            chunk_size integer NOT NULL,
            upload uuid NOT NULL UNIQUE,
            created_at timestamptz NOT NULL DEFAULT now()
          );
          CREATE INDEX IF NOT EXISTS blob_objects_source ON ${this.objects} (source) WHERE source IS NOT NULL;
          CREATE TABLE IF NOT EXISTS ${this.chunks} (
            upload uuid NOT NULL,
            seq integer NOT NULL,
            data bytea NOT NULL,
            PRIMARY KEY (upload, seq)
          );
          -- Media is compressed already: spare the server trying again.
          ALTER TABLE ${this.chunks} ALTER COLUMN data SET STORAGE EXTERNAL;
          CREATE TABLE IF NOT EXISTS ${this.uploads} (
            upload uuid PRIMARY KEY,
            started_at timestamptz NOT NULL DEFAULT now()
          )`);
    const { rows } = await guard(() => this.pool.query<{ table: string | null }>('SELECT to_regclass($1)::text AS table', [this.legacy]));
    this.hasLegacy = rows[0]?.table != null;
    await guard(() => this.pool.query(`
      WITH stale AS (DELETE FROM ${this.uploads} WHERE started_at < now() - interval '${staleUploadInterval}' RETURNING upload)
      DELETE FROM ${this.chunks} c USING stale
       WHERE c.upload = stale.upload AND NOT EXISTS (SELECT 1 FROM ${this.objects} o WHERE o.upload = stale.upload)`));
  }

  async put(body: BlobBody, options: { contentType: string }): Promise<BlobInfo> {
    const contentType = checkContentType(options.contentType);
    const written = await this.upload(body);
    try {
      return await inTransaction(this.pool, async (client) => {
        const inserted = await client.query(
          `INSERT INTO ${this.objects} (name, sha256, size, content_type, chunk_size, upload) VALUES ($1, $1, $2, $3, $4, $5)
           ON CONFLICT (name) DO NOTHING`,
          [written.sha256, written.size, contentType, this.chunkSize, written.upload],
        );
        await client.query(`DELETE FROM ${this.uploads} WHERE upload = $1`, [written.upload]);
        if (inserted.rowCount === 1) return { key: written.sha256, size: written.size, contentType };
        // The same bytes are stored already: they stay, with their content type.
        await client.query(`DELETE FROM ${this.chunks} WHERE upload = $1`, [written.upload]);
        const { rows } = await client.query<ObjectRow>(`SELECT content_type FROM ${this.objects} WHERE name = $1`, [written.sha256]);
        return { key: written.sha256, size: written.size, contentType: rows[0]?.content_type ?? contentType };
      });
    } catch (error) {
      await this.discard(written.upload);
      throw error;
    }
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<BlobContent | null> {
    if (isLegacyBlobKey(checkBlobKey(key))) return this.getLegacy(key, options.range);
    const row = await this.objectRow(key);
    return row ? this.contentOf(row, key, options.range) : null;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    if (isLegacyBlobKey(checkBlobKey(key))) {
      const row = await this.legacyRow(key);
      return row ? { key, size: row.size, contentType: row.contentType } : null;
    }
    const row = await this.objectRow(key);
    return row ? { key, size: Number(row.size), contentType: row.content_type } : null;
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    await inTransaction(this.pool, async (client) => {
      if (isLegacyBlobKey(key) && this.hasLegacy) await client.query(`DELETE FROM ${this.legacy} WHERE id = $1`, [key]);
      // The blob and its renditions.
      const { rows } = await client.query<{ upload: string }>(`DELETE FROM ${this.objects} WHERE name = $1 OR source = $1 RETURNING upload`, [key]);
      if (rows.length > 0) await client.query(`DELETE FROM ${this.chunks} WHERE upload = ANY($1::uuid[])`, [rows.map((r) => r.upload)]);
    });
  }

  async putRendition(source: string, params: RenditionParams, body: BlobBody, options: { contentType: string }): Promise<BlobInfo> {
    const name = `${checkBlobKey(source)}/${renditionId(params)}`;
    const contentType = checkContentType(options.contentType);
    const written = await this.upload(body);
    try {
      return await inTransaction(this.pool, async (client) => {
        // FOR SHARE: a delete of the source waits for this commit, and then takes the rendition along.
        const sourceThere = isLegacyBlobKey(source)
          ? this.hasLegacy && (await client.query(`SELECT 1 FROM ${this.legacy} WHERE id = $1 FOR SHARE`, [source])).rowCount === 1
          : (await client.query(`SELECT 1 FROM ${this.objects} WHERE name = $1 FOR SHARE`, [source])).rowCount === 1;
        if (!sourceThere) throw ValidationError.of('V_12', 'source', 'blob');
        const before = await client.query<{ upload: string }>(`SELECT upload FROM ${this.objects} WHERE name = $1 FOR UPDATE`, [name]);
        await client.query(
          `INSERT INTO ${this.objects} (name, source, sha256, size, content_type, chunk_size, upload) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size, content_type = excluded.content_type,
             chunk_size = excluded.chunk_size, upload = excluded.upload, created_at = now()`,
          [name, source, written.sha256, written.size, contentType, this.chunkSize, written.upload],
        );
        await client.query(`DELETE FROM ${this.uploads} WHERE upload = $1`, [written.upload]);
        // A rendition made again replaces the one before.
        if (before.rows[0]) await client.query(`DELETE FROM ${this.chunks} WHERE upload = $1`, [before.rows[0].upload]);
        return { key: written.sha256, size: written.size, contentType };
      });
    } catch (error) {
      await this.discard(written.upload);
      throw error;
    }
  }

  async getRendition(source: string, params: RenditionParams, options: { range?: ByteRange } = {}): Promise<BlobContent | null> {
    const name = `${checkBlobKey(source)}/${renditionId(params)}`;
    const row = await this.objectRow(name);
    return row ? this.contentOf(row, row.sha256, options.range) : null;
  }

  async statRendition(source: string, params: RenditionParams): Promise<BlobInfo | null> {
    const row = await this.objectRow(`${checkBlobKey(source)}/${renditionId(params)}`);
    return row ? { key: row.sha256, size: Number(row.size), contentType: row.content_type } : null;
  }

  async close(): Promise<void> {}

  /**
   * Streams the body into chunk rows of a new upload; answers its id, hash and size. The chunks
   * are written on one connection with `synchronous_commit` off: each chunk's commit does not wait
   * for its WAL to reach the disk, and the commit that makes the blob visible (put's, with the
   * server's own setting) flushes the WAL up to itself, chunks included, so a committed blob is as
   * durable as before while an upload no longer waits for a disk flush per megabyte.
   */
  private async upload(body: BlobBody): Promise<{ upload: string; sha256: string; size: number }> {
    const upload = randomUUID();
    await guard(() => this.pool.query(`INSERT INTO ${this.uploads} (upload) VALUES ($1)`, [upload]));
    const client = await guard(() => this.pool.connect());
    let healthy = true;
    // Two buffers, each reused: one chunk is sent while the next is read and hashed into the
    // other, which is filled again only once its own insert is done.
    const buffers: Buffer[] = [Buffer.allocUnsafe(this.chunkSize)];
    let current = 0;
    let filled = 0;
    let seq = 0;
    let sending: Promise<unknown> = Promise.resolve();
    const flush = async () => {
      await sending;
      const data = buffers[current]!.subarray(0, filled);
      const n = seq++;
      sending = guard(() => client.query(`INSERT INTO ${this.chunks} (upload, seq, data) VALUES ($1, $2, $3)`, [upload, n, data]));
      // Awaited by the next flush or at the end; a failure meanwhile is not unhandled.
      sending.catch(() => undefined);
      current = 1 - current;
      buffers[current] ??= Buffer.allocUnsafe(this.chunkSize);
      filled = 0;
    };
    try {
      await guard(() => client.query('SET synchronous_commit = off'));
      const { sha256, size } = await hashWhileWriting(body, async (chunk) => {
        for (let offset = 0; offset < chunk.length; ) {
          const take = Math.min(this.chunkSize - filled, chunk.length - offset);
          buffers[current]!.set(chunk.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === this.chunkSize) await flush();
        }
      }).finally(() => sending.catch(() => undefined));
      if (filled > 0) await flush();
      await sending;
      return { upload, sha256, size };
    } catch (error) {
      healthy = false;
      await this.discard(upload);
      throw error;
    } finally {
      // A connection in doubt is closed rather than handed on with the setting.
      if (healthy) healthy = await client.query('RESET synchronous_commit').then(() => true, () => false);
      client.release(healthy ? undefined : true);
    }
  }

  /** Removes an upload that will not be committed; on failure a later init() does. */
  private async discard(upload: string): Promise<void> {
    await this.pool
      .query(
        // Never the chunks of a committed blob (a commit whose answer was lost still committed).
        `WITH gone AS (DELETE FROM ${this.uploads} WHERE upload = $1)
         DELETE FROM ${this.chunks} WHERE upload = $1 AND NOT EXISTS (SELECT 1 FROM ${this.objects} WHERE upload = $1)`,
        [upload],
      )
      .catch(() => undefined);
  }

  private async objectRow(name: string): Promise<ObjectRow | null> {
    const { rows } = await guard(() =>
      this.pool.query<ObjectRow>(`SELECT sha256, size, content_type, chunk_size, upload FROM ${this.objects} WHERE name = $1`, [name]),
    );
    return rows[0] ?? null;
  }

  /** A stream over the chunks a range covers, fetched one query at a time as it is read. */
  private contentOf(row: ObjectRow, key: string, range: ByteRange | undefined): BlobContent {
    const size = Number(row.size);
    const wanted = checkRange(range, size);
    const info = { key, size, contentType: row.content_type };
    if (size === 0) return { ...info, range: null, stream: Readable.from([]) };
    const start = wanted?.start ?? 0;
    const end = wanted?.end ?? size - 1;
    const chunkSize = row.chunk_size;
    const pool = this.pool;
    const chunks = this.chunks;
    async function* bytes(): AsyncGenerator<Buffer> {
      for (let position = start; position <= end; ) {
        const seq = Math.floor(position / chunkSize);
        const within = position - seq * chunkSize;
        const length = Math.min(readSize, chunkSize - within, end - position + 1);
        // A slice of the row: its bytes are stored uncompressed, so the server reads only the
        // part of the row asked for. (As hex text: pg's binary result mode decodes rows as
        // UTF-8 strings, which mangles bytes.)
        const { rows } = await guard(() =>
          pool.query<{ data: Buffer }>(`SELECT substring(data FROM $3 FOR $4) AS data FROM ${chunks} WHERE upload = $1 AND seq = $2`, [row.upload, seq, within + 1, length]),
        );
        // Blobs never change; a chunk goes missing only when the blob is deleted while read.
        if (rows[0]?.data.length !== length) throw new Error(`blob ${key} was deleted while it was read`);
        yield rows[0].data;
        position += length;
      }
    }
    return { ...info, range: wanted, stream: Readable.from(bytes(), { objectMode: false, highWaterMark: 64 * 1024 }) };
  }

  private async legacyRow(id: string): Promise<{ size: number; contentType: string } | null> {
    if (!this.hasLegacy) return null;
    const { rows } = await guard(() =>
      this.pool.query<{ size: number; content_type: string }>(`SELECT octet_length(bytes) AS size, content_type FROM ${this.legacy} WHERE id = $1`, [id]),
    );
    return rows[0] ? { size: rows[0].size, contentType: rows[0].content_type } : null;
  }

  /** Profile images of before: small (2 MB at most), one query for the range. */
  private async getLegacy(id: string, range: ByteRange | undefined): Promise<BlobContent | null> {
    const row = await this.legacyRow(id);
    if (!row) return null;
    const wanted = checkRange(range, row.size);
    const start = wanted?.start ?? 0;
    const length = wanted ? wanted.end - wanted.start + 1 : row.size;
    const { rows } = await guard(() =>
      this.pool.query<{ bytes: Buffer }>(`SELECT substring(bytes FROM $2 FOR $3) AS bytes FROM ${this.legacy} WHERE id = $1`, [id, start + 1, length]),
    );
    if (!rows[0]) return null;
    return { key: id, size: row.size, contentType: row.contentType, range: wanted, stream: Readable.from([rows[0].bytes], { objectMode: false }) };
  }
}
