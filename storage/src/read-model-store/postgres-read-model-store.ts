import { createHash } from 'node:crypto';
import pg from 'pg';
import { guard } from '../postgres/pg-errors';
import { inTransaction } from '../postgres/transaction';
import { collectWrites, type HistoryWrite } from './buffered-unit-of-work';
import { historyKey, planHistory, type OpenRow } from './history-plan';
import { CheckpointWaiters } from './checkpoint-waiters';
import {
  CheckpointMovedError,
  type CollectionOptions,
  type CommitOptions,
  type Checkpoint,
  type Doc,
  type FindOptions,
  type IndexSpec,
  type ProjectionError,
  type ReadModelStore,
  type SwapPair,
  type UnitOfWork,
} from './read-model-store';
import { boundsOf, indexFields, SQL_OPERATORS } from './range-bounds';

export interface PostgresReadModelStoreOptions {
  /** Owned by the caller: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the `rm_*` tables; default `public`. */
  schema?: string;
  /** Fallback re-check while a read-your-writes wait is pending, for missed notifications; default 250. */
  pollIntervalMs?: number;
  /**
   * How long one statement of a swap may take (default 5 minutes): it moves every document of a
   * projection, so unlike every other statement its time grows with the store, and the pool's
   * query timeout would give up on a large one.
   */
  swapTimeoutMs?: number;
}

interface CheckpointRow {
  name: string;
  position: string | number;
  updated_at: Date | null;
  error: ProjectionError | null;
}

/** Back-off before a lost LISTEN connection is opened again. */
const listenRetryMs = 1000;

/**
 * Read models in PostgreSQL as JSONB documents. A commit applies the unit of work's buffered writes
 * and the checkpoint in one transaction and sends NOTIFY, which wakes read-your-writes waiters in
 * every process through one LISTEN connection per store.
 */
export class PostgresReadModelStore implements ReadModelStore {
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly docs: string;
  private readonly checkpoints: string;
  private readonly leases: string;
  private readonly history: string;
  private readonly channel: string;
  private readonly waiters: CheckpointWaiters;
  private listener: pg.Client | undefined;
  private listening: Promise<void> | undefined;
  private listenRetryAt = 0;
  private closed = false;
  private readonly swapTimeoutMs: number;

  constructor(options: PostgresReadModelStoreOptions) {
    this.pool = options.pool;
    this.schema = options.schema ?? 'public';
    const schema = pg.escapeIdentifier(this.schema);
    this.docs = `${schema}.rm_docs`;
    this.checkpoints = `${schema}.rm_checkpoints`;
    this.leases = `${schema}.rm_leases`;
    this.history = `${schema}.rm_history`;
    this.channel = channelName(this.schema);
    this.swapTimeoutMs = options.swapTimeoutMs ?? 300_000;
    this.waiters = new CheckpointWaiters({
      readPositions: (names) => this.readPositions(names),
      pollIntervalMs: options.pollIntervalMs ?? 250,
      listen: () => this.listen(),
    });
  }

  /** Creates the schema and tables if missing; several processes may call it at once. */
  async init(): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagelog_rm_init:${this.schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(this.schema)}`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.docs} (
          collection text NOT NULL,
          id text NOT NULL,
          doc jsonb NOT NULL,
          PRIMARY KEY (collection, id)
        )`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.checkpoints} (
          name text PRIMARY KEY,
          position bigint NOT NULL DEFAULT 0,
          error jsonb,
          updated_at timestamptz
        )`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.history} (
          collection text NOT NULL,
          id text NOT NULL,
          valid_from bigint NOT NULL,
          valid_to bigint,
          doc jsonb NOT NULL,
          PRIMARY KEY (collection, id, valid_from)
        )`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.leases} (
          name text PRIMARY KEY,
          holder text NOT NULL,
          expires_at timestamptz NOT NULL
        )`);
    });
  }

  async ensureCollection(collection: string, indexes: readonly IndexSpec[] = [], options: CollectionOptions = {}): Promise<void> {
    if (indexes.length === 0) return;
    await this.transaction(async (client) => {
      // CREATE INDEX IF NOT EXISTS can still collide when two processes run it at the same moment.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagelog_rm_init:${this.schema}`]);
      const seen = new Set<string>();
      for (const spec of indexes) {
        const fields = indexFields(spec);
        const key = JSON.stringify(fields);
        if (seen.has(key)) continue;
        seen.add(key);
        // One index per declaration serves find's equality on its fields and its order by (or
        // range on) the next one (ties by id, read forwards or backwards, so a page of a sorted
        // list does not sort the whole collection). A single field's index replaces the index on
        // the field's text that earlier versions made.
        const columns = fields.map((field) => `${fieldValue(field)} ASC NULLS FIRST`).join(', ');
        const name = fields.length === 1 ? `${fields[0]}:order` : `${JSON.stringify(fields)}:compound`;
        if (fields.length === 1) await client.query(`DROP INDEX IF EXISTS ${pg.escapeIdentifier(indexName(collection, fields[0]!))}`);
        await client.query(
          `CREATE INDEX IF NOT EXISTS ${pg.escapeIdentifier(indexName(collection, name))}
           ON ${this.docs} (${columns}, id ASC) WHERE collection = ${pg.escapeLiteral(collection)}`,
        );
        // A temporal collection's history rows: the same look-up, then the state's start.
        if (options.temporal) {
          await client.query(
            `CREATE INDEX IF NOT EXISTS ${pg.escapeIdentifier(indexName(collection, name).replace(/^rm_docs_/, 'rm_history_'))}
             ON ${this.history} (${columns}, valid_from) WHERE collection = ${pg.escapeLiteral(collection)}`,
          );
        }
      }
    });
  }

  async getAt<T extends Doc = Doc>(collection: string, id: string, position: number): Promise<T | null> {
    const { rows } = await this.query<{ doc: T }>(
      `SELECT doc FROM ${this.history} WHERE collection = $1 AND id = $2 AND valid_from <= $3 AND (valid_to IS NULL OR valid_to > $3)
       ORDER BY valid_from DESC LIMIT 1`,
      [collection, id, position],
    );
    return rows[0]?.doc ?? null;
  }

  async getManyAt<T extends Doc = Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>> {
    const { rows } = await this.query<{ id: string; doc: T }>(
      `SELECT id, doc FROM ${this.history} WHERE collection = $1 AND id = ANY($2::text[]) AND valid_from <= $3 AND (valid_to IS NULL OR valid_to > $3)`,
      [collection, ids, position],
    );
    return new Map(rows.map((row) => [row.id, row.doc]));
  }

  async findAt<T extends Doc = Doc>(collection: string, position: number, options: FindOptions = {}): Promise<T[]> {
    const params: unknown[] = [];
    let sql = `SELECT doc FROM ${this.history} WHERE ${filter(collection, options, params, true)}`;
    params.push(position);
    sql += ` AND valid_from <= $${params.length} AND (valid_to IS NULL OR valid_to > $${params.length})`;
    sql += orderAndPage(options, params);
    const { rows } = await this.query<{ doc: T }>(sql, params);
    return rows.map((row) => row.doc);
  }

  async countAt(collection: string, position: number, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}): Promise<number> {
    const params: unknown[] = [];
    let sql = `SELECT count(*)::int AS n FROM ${this.history} WHERE ${filter(collection, options, params, true)}`;
    params.push(position);
    sql += ` AND valid_from <= $${params.length} AND (valid_to IS NULL OR valid_to > $${params.length})`;
    const { rows } = await this.query<{ n: number }>(sql, params);
    return rows[0]!.n;
  }

  /** Writes a commit's temporal changes as history rows, in the commit's transaction. */
  private async writeHistory(client: pg.PoolClient, history: HistoryWrite[]): Promise<void> {
    const keys = [...new Map(history.map((h) => [historyKey(h.collection, h.id), h])).values()];
    // Locked, so two writers of the same history (which the checkpoint check already keeps apart) cannot interleave.
    const { rows } = await client.query<{ collection: string; id: string; valid_from: string; doc: string }>(
      `SELECT h.collection, h.id, h.valid_from, h.doc::text AS doc FROM ${this.history} AS h
       JOIN unnest($1::text[], $2::text[]) AS x(collection, id) ON h.collection = x.collection AND h.id = x.id
       WHERE h.valid_to IS NULL FOR UPDATE OF h`,
      [keys.map((k) => k.collection), keys.map((k) => k.id)],
    );
    const open = new Map<string, OpenRow>(rows.map((row) => [historyKey(row.collection, row.id), { validFrom: Number(row.valid_from), json: row.doc }]));
    const plan = planHistory(history, open);
    if (plan.remove.length > 0) {
      await client.query(
        `DELETE FROM ${this.history} AS h USING unnest($1::text[], $2::text[], $3::bigint[]) AS x(collection, id, valid_from)
         WHERE h.collection = x.collection AND h.id = x.id AND h.valid_from = x.valid_from`,
        [plan.remove.map((r) => r.collection), plan.remove.map((r) => r.id), plan.remove.map((r) => r.validFrom)],
      );
    }
    if (plan.close.length > 0) {
      await client.query(
        `UPDATE ${this.history} AS h SET valid_to = x.valid_to FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS x(collection, id, valid_from, valid_to)
         WHERE h.collection = x.collection AND h.id = x.id AND h.valid_from = x.valid_from`,
        [plan.close.map((c) => c.collection), plan.close.map((c) => c.id), plan.close.map((c) => c.validFrom), plan.close.map((c) => c.validTo)],
      );
    }
    if (plan.insert.length > 0) {
      await client.query(
        `INSERT INTO ${this.history} (collection, id, valid_from, valid_to, doc)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::jsonb[])
         ON CONFLICT (collection, id, valid_from) DO UPDATE SET valid_to = EXCLUDED.valid_to, doc = EXCLUDED.doc`,
        [plan.insert.map((i) => i.collection), plan.insert.map((i) => i.id), plan.insert.map((i) => i.validFrom), plan.insert.map((i) => i.validTo), plan.insert.map((i) => i.json)],
      );
    }
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const { rows } = await this.query<{ doc: T }>(
      `SELECT doc FROM ${this.docs} WHERE collection = $1 AND id = $2`,
      [collection, id],
    );
    return rows[0]?.doc ?? null;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: string[]): Promise<Map<string, T>> {
    const { rows } = await this.query<{ id: string; doc: T }>(
      `SELECT id, doc FROM ${this.docs} WHERE collection = $1 AND id = ANY($2::text[])`,
      [collection, ids],
    );
    return new Map(rows.map((row) => [row.id, row.doc]));
  }

  async find<T extends Doc = Doc>(collection: string, options: FindOptions = {}): Promise<T[]> {
    const params: unknown[] = [];
    let sql = `SELECT doc FROM ${this.docs} WHERE ${filter(collection, options, params)}`;
    sql += orderAndPage(options, params);
    const { rows } = await this.query<{ doc: T }>(sql, params);
    return rows.map((row) => row.doc);
  }

  async count(collection: string, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}): Promise<number> {
    const params: unknown[] = [];
    const { rows } = await this.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.docs} WHERE ${filter(collection, options, params)}`,
      params,
    );
    return rows[0]!.n;
  }

  async commit(name: string, position: number, work: (uow: UnitOfWork) => Promise<void>, options: CommitOptions = {}): Promise<void> {
    const { writes, history } = await collectWrites(this, work, options.prefetch, { collections: options.temporal, position });
    const puts = writes.filter((w) => w.json !== null);
    const deletes = writes.filter((w) => w.json === null);
    const expected = options.expectedPosition;
    await this.transaction(async (client) => {
      if (expected !== undefined) {
        // Lock the checkpoint row (made first if missing) so a concurrent commit waits, then compare.
        await client.query(
          `INSERT INTO ${this.checkpoints} (name, position, error, updated_at) VALUES ($1, 0, NULL, now()) ON CONFLICT (name) DO NOTHING`,
          [name],
        );
        const { rows } = await client.query<{ position: string }>(`SELECT position FROM ${this.checkpoints} WHERE name = $1 FOR UPDATE`, [name]);
        const actual = Number(rows[0]?.position ?? 0);
        if (actual !== expected) throw new CheckpointMovedError(name, expected, actual);
      }
      if (deletes.length > 0) {
        await client.query(
          `DELETE FROM ${this.docs} AS d USING unnest($1::text[], $2::text[]) AS x(collection, id)
           WHERE d.collection = x.collection AND d.id = x.id`,
          [deletes.map((w) => w.collection), deletes.map((w) => w.id)],
        );
      }
      if (puts.length > 0) {
        await client.query(
          `INSERT INTO ${this.docs} (collection, id, doc)
           SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[])
           ON CONFLICT (collection, id) DO UPDATE SET doc = EXCLUDED.doc`,
          [puts.map((w) => w.collection), puts.map((w) => w.id), puts.map((w) => w.json)],
        );
      }
      if (history.length > 0) await this.writeHistory(client, history);
      await client.query(
        `INSERT INTO ${this.checkpoints} (name, position, error, updated_at) VALUES ($1, $2, NULL, now())
         ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, error = NULL, updated_at = now()`,
        [name, position],
      );
      await client.query('SELECT pg_notify($1, $2)', [this.channel, `${name}:${position}`]);
    });
  }

  async getCheckpoint(name: string): Promise<Checkpoint> {
    const { rows } = await this.query<CheckpointRow>(`SELECT * FROM ${this.checkpoints} WHERE name = $1`, [name]);
    return rows[0] ? toCheckpoint(rows[0]) : { name, position: 0, updatedAt: null, error: null };
  }

  async recordError(name: string, error: ProjectionError | null): Promise<void> {
    await this.query(
      `INSERT INTO ${this.checkpoints} (name, position, error, updated_at) VALUES ($1, 0, $2::jsonb, now())
       ON CONFLICT (name) DO UPDATE SET error = EXCLUDED.error, updated_at = now()`,
      [name, error === null ? null : JSON.stringify(error)],
    );
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    // The database's clock, not the processes': they may disagree.
    const { rowCount } = await this.query(
      `INSERT INTO ${this.leases} AS l (name, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE l.holder = EXCLUDED.holder OR l.expires_at <= now()`,
      [name, holder, ttlMs],
    );
    return rowCount === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.query(`DELETE FROM ${this.leases} WHERE name = $1 AND holder = $2`, [name, holder]);
  }

  async getCheckpoints(): Promise<Checkpoint[]> {
    const { rows } = await this.query<CheckpointRow>(`SELECT * FROM ${this.checkpoints} ORDER BY name`);
    return rows.map(toCheckpoint);
  }

  async reset(name: string, collections: string[]): Promise<void> {
    await this.transaction(async (client) => {
      await client.query(`DELETE FROM ${this.docs} WHERE collection = ANY($1::text[])`, [collections]);
      await client.query(`DELETE FROM ${this.history} WHERE collection = ANY($1::text[])`, [collections]);
      await client.query(
        `INSERT INTO ${this.checkpoints} (name, position, error, updated_at) VALUES ($1, 0, NULL, now())
         ON CONFLICT (name) DO UPDATE SET position = 0, error = NULL, updated_at = now()`,
        [name],
      );
      await client.query('SELECT pg_notify($1, $2)', [this.channel, `${name}:0`]);
    });
  }

  async swap(name: string, shadowName: string, pairs: SwapPair[]): Promise<boolean> {
    const timeout = this.swapTimeoutMs;
    const query = (client: pg.PoolClient, text: string, values: unknown[]) =>
      client.query({ text, values, query_timeout: timeout + 1000 } as pg.QueryConfig);
    return this.transaction(async (client) => {
      await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeout))}`);
      // Both checkpoint rows are locked (in name order, so two swaps cannot deadlock) before the
      // comparison: a live commit in flight finishes first and is compared with, a later one
      // waits and then finds its checkpoint moved. The live row is made if missing, to be locked.
      await client.query(
        `INSERT INTO ${this.checkpoints} (name, position, error, updated_at) VALUES ($1, 0, NULL, now()) ON CONFLICT (name) DO NOTHING`,
        [name],
      );
      const { rows } = await client.query<{ name: string; position: string }>(
        `SELECT name, position FROM ${this.checkpoints} WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE`,
        [[name, shadowName]],
      );
      const position = (n: string) => Number(rows.find((row) => row.name === n)?.position ?? 0);
      const shadow = position(shadowName);
      if (shadow < position(name)) return false;
      // Under MVCC readers keep seeing the old documents until the commit: no moment is empty.
      for (const pair of pairs) {
        await query(client, `DELETE FROM ${this.docs} WHERE collection = $1`, [pair.live]);
        await query(client, `UPDATE ${this.docs} SET collection = $1 WHERE collection = $2`, [pair.live, pair.shadow]);
        await query(client, `DELETE FROM ${this.history} WHERE collection = $1`, [pair.live]);
        await query(client, `UPDATE ${this.history} SET collection = $1 WHERE collection = $2`, [pair.live, pair.shadow]);
      }
      await client.query(`UPDATE ${this.checkpoints} SET position = $2, error = NULL, updated_at = now() WHERE name = $1`, [name, shadow]);
      await client.query(`DELETE FROM ${this.checkpoints} WHERE name = $1`, [shadowName]);
      await client.query('SELECT pg_notify($1, $2)', [this.channel, `${name}:${shadow}`]);
      return true;
    });
  }

  waitForCheckpoints(names: string[], position: number, timeoutMs: number): Promise<boolean> {
    return this.waiters.wait(names, position, timeoutMs);
  }

  /** Ends the LISTEN connection and pending waits; the pool belongs to the caller. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiters.close();
    const listener = this.listener;
    this.listener = undefined;
    this.listening = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async readPositions(names: string[]): Promise<Map<string, number>> {
    const { rows } = await this.query<{ name: string; position: string }>(
      `SELECT name, position FROM ${this.checkpoints} WHERE name = ANY($1::text[])`,
      [names],
    );
    return new Map(rows.map((row) => [row.name, Number(row.position)]));
  }

  /** Opens the shared LISTEN connection if it is not open; a lost one is reopened on a later wait. */
  private listen(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.listening) return this.listening;
    if (Date.now() < this.listenRetryAt) return Promise.reject(new Error('checkpoint listener is backing off'));
    // No query timeout: this connection waits for notifications for as long as it lives.
    const client = new pg.Client({
      ...this.pool.options,
      query_timeout: undefined,
      connectionTimeoutMillis: this.pool.options.connectionTimeoutMillis || 5000,
    });
    this.listener = client;
    client.on('notification', () => this.waiters.wake());
    client.on('error', () => this.dropListener(client));
    client.on('end', () => this.dropListener(client));
    this.listening = (async () => {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    })().catch((error: unknown) => {
      this.dropListener(client);
      throw error;
    });
    return this.listening;
  }

  private dropListener(client: pg.Client): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    this.listening = undefined;
    this.listenRetryAt = Date.now() + listenRetryMs;
    client.end().catch(() => undefined);
    // Until a wait opens a new connection, pending waiters rely on the poll.
  }

  private query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    return guard(() => this.pool.query<R>(sql, params));
  }

  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }
}

/**
 * A field as find() compares and sorts it, spelled as the indexes are built: jsonb orders numbers
 * as numbers and tells 1 from "1"; a JSON null counts as a missing field (first when ascending).
 */
function fieldValue(field: string): string {
  return `(NULLIF(doc->${pg.escapeLiteral(field)}, 'null'::jsonb))`;
}

/** find()'s order (missing values first ascending, ties by id) and window, its parameters added to `params`. */
function orderAndPage(options: FindOptions, params: unknown[]): string {
  let sql: string;
  if (options.orderBy) {
    const desc = options.orderBy.direction === 'desc';
    const value = fieldValue(options.orderBy.field);
    sql = desc ? ` ORDER BY ${value} DESC NULLS LAST, id DESC` : ` ORDER BY ${value} ASC NULLS FIRST, id ASC`;
  } else {
    sql = ' ORDER BY id';
  }
  if (options.limit !== undefined || options.offset !== undefined) {
    params.push(options.limit ?? null, options.offset ?? 0);
    sql += ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  return sql;
}

/** The WHERE clause of find and count; `literalCollection` spells the collection out, so a partial index of it applies (the history's). */
function filter(collection: string, options: Pick<FindOptions, 'where' | 'search' | 'range'>, params: unknown[], literalCollection = false): string {
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses = [literalCollection ? `collection = ${pg.escapeLiteral(collection)}` : `collection = ${param(collection)}`];
  const range = boundsOf(options.range);
  if (range === null) {
    clauses.push('FALSE');
  } else {
    for (const bound of range.bounds) {
      // Spelled as the indexes are built, so a range reads an index: jsonb orders numbers as
      // numbers, and text as find() orders it (the database's collation).
      clauses.push(`${fieldValue(bound.field)} ${SQL_OPERATORS[bound.op]} ${param(JSON.stringify(bound.value))}::jsonb`);
    }
    // jsonb orders values of different types by type, so a bound needs a type check to keep
    // values of the other type out.
    for (const [field, type] of range.typed) {
      clauses.push(`jsonb_typeof(doc->${pg.escapeLiteral(field)}) = '${type === 'number' ? 'number' : 'string'}'`);
    }
  }
  for (const [field, value] of Object.entries(options.where ?? {})) {
    if (value === null) {
      clauses.push(`${fieldValue(field)} IS NULL`);
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      clauses.push('FALSE');
    } else {
      clauses.push(`${fieldValue(field)} = ${param(JSON.stringify(value))}::jsonb`);
    }
  }
  const search = options.search;
  if (search && search.term !== '') {
    if (search.fields.length === 0) {
      clauses.push('FALSE');
    } else {
      const pattern = param(`%${search.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      clauses.push(`(${search.fields.map((field) => `doc->>${pg.escapeLiteral(field)} ILIKE ${pattern}`).join(' OR ')})`);
    }
  }
  return clauses.join(' AND ');
}

/** NOTIFY channels are identifiers of at most 63 bytes; a long schema name is hashed instead. */
function channelName(schema: string): string {
  const channel = `pagelog_checkpoints_${schema}`;
  if (Buffer.byteLength(channel) <= 63) return channel;
  return `pagelog_checkpoints_${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

function indexName(collection: string, field: string): string {
  const readable = `${collection}_${field}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40);
  const hash = createHash('sha256').update(JSON.stringify([collection, field])).digest('hex').slice(0, 8);
  return `rm_docs_${readable}_${hash}`;
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    position: Number(row.position),
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
    error: row.error,
  };
}
