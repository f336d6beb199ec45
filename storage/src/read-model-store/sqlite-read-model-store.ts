import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Statement, Transaction } from 'better-sqlite3';
import type { SqliteDatabase } from '../sqlite/open-database';
import { collectWrites, type SealedWrites } from './buffered-unit-of-work';
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

/**
 * Every store on the same database object hears the others' commits; another process writing the
 * same file is only seen by the poll.
 */
const commitsByDatabase = new WeakMap<SqliteDatabase, EventEmitter>();

function commitsOf(db: SqliteDatabase): EventEmitter {
  let emitter = commitsByDatabase.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    commitsByDatabase.set(db, emitter);
  }
  return emitter;
}

interface CheckpointRow {
  name: string;
  position: number;
  updated_at: string | null;
  error: string | null;
}

/**
 * Read models in the shared SQLite file (tables `rm_*`). better-sqlite3 is synchronous and the
 * same connection also appends events, so a transaction is never held across an await: the unit of
 * work buffers its writes and they are applied, with the checkpoint, in one synchronous transaction.
 */
export class SqliteReadModelStore implements ReadModelStore {
  private readonly commits: EventEmitter;
  private readonly waiters: CheckpointWaiters;
  private readonly statements = new Map<string, Statement<unknown[]>>();
  /** Index names known to exist (true), or known missing until a time (ms). */
  private readonly indexes = new Map<string, true | number>();
  private readonly onCommit = (): void => this.waiters.wake();
  private readonly applyCommit: Transaction<(writes: SealedWrites, name: string, position: number, expected?: number) => void>;
  private readonly applyReset: Transaction<(name: string, collections: string[]) => void>;
  private readonly applySwap: Transaction<(name: string, shadowName: string, pairs: SwapPair[]) => boolean>;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rm_docs (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      );
      CREATE TABLE IF NOT EXISTS rm_checkpoints (
        name TEXT PRIMARY KEY,
        position INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        updated_at TEXT
      );
      CREATE TABLE IF NOT EXISTS rm_history (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        valid_from INTEGER NOT NULL,
        valid_to INTEGER,
        doc TEXT NOT NULL,
        PRIMARY KEY (collection, id, valid_from)
      );
      CREATE TABLE IF NOT EXISTS rm_leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `);
    // JavaScript lower-casing, so search is case-insensitive beyond ASCII (SQLite's LIKE is not).
    db.function('rm_lower', { deterministic: true }, (value: unknown) =>
      value === null || value === undefined ? null : String(value).toLowerCase(),
    );

    this.applyCommit = db.transaction(({ writes, history }: SealedWrites, name: string, position: number, expected?: number) => {
      if (expected !== undefined) {
        const row = this.statement('SELECT position FROM rm_checkpoints WHERE name = ?').get(name) as { position: number } | undefined;
        const actual = row?.position ?? 0;
        if (actual !== expected) throw new CheckpointMovedError(name, expected, actual);
      }
      const upsert = this.statement(
        `INSERT INTO rm_docs (collection, id, doc) VALUES (?, ?, ?)
         ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
      );
      const remove = this.statement('DELETE FROM rm_docs WHERE collection = ? AND id = ?');
      for (const w of writes) {
        if (w.json === null) remove.run(w.collection, w.id);
        else upsert.run(w.collection, w.id, w.json);
      }
      if (history.length > 0) this.writeHistory(history);
      this.statement(
        `INSERT INTO rm_checkpoints (name, position, error, updated_at) VALUES (?, ?, NULL, ?)
         ON CONFLICT (name) DO UPDATE SET position = excluded.position, error = NULL,
           updated_at = excluded.updated_at`,
      ).run(name, position, new Date().toISOString());
    });
    this.applyReset = db.transaction((name: string, collections: string[]) => {
      const clear = this.statement('DELETE FROM rm_docs WHERE collection = ?');
      const clearHistory = this.statement('DELETE FROM rm_history WHERE collection = ?');
      for (const collection of new Set(collections)) {
        clear.run(collection);
        clearHistory.run(collection);
      }
      this.statement(
        `INSERT INTO rm_checkpoints (name, position, error, updated_at) VALUES (?, 0, NULL, ?)
         ON CONFLICT (name) DO UPDATE SET position = 0, error = NULL, updated_at = excluded.updated_at`,
      ).run(name, new Date().toISOString());
    });
    // One synchronous transaction: this connection's readers cannot run in between, and other
    // connections (WAL) keep reading the old documents until it commits.
    this.applySwap = db.transaction((name: string, shadowName: string, pairs: SwapPair[]) => {
      const position = this.statement('SELECT position FROM rm_checkpoints WHERE name = ?');
      const live = (position.get(name) as { position: number } | undefined)?.position ?? 0;
      const shadow = (position.get(shadowName) as { position: number } | undefined)?.position ?? 0;
      if (shadow < live) return false;
      const clear = this.statement('DELETE FROM rm_docs WHERE collection = ?');
      const rename = this.statement('UPDATE rm_docs SET collection = ? WHERE collection = ?');
      const clearHistory = this.statement('DELETE FROM rm_history WHERE collection = ?');
      const renameHistory = this.statement('UPDATE rm_history SET collection = ? WHERE collection = ?');
      for (const pair of pairs) {
        clear.run(pair.live);
        rename.run(pair.live, pair.shadow);
        clearHistory.run(pair.live);
        renameHistory.run(pair.live, pair.shadow);
      }
      this.statement(
        `INSERT INTO rm_checkpoints (name, position, error, updated_at) VALUES (?, ?, NULL, ?)
         ON CONFLICT (name) DO UPDATE SET position = excluded.position, error = NULL, updated_at = excluded.updated_at`,
      ).run(name, shadow, new Date().toISOString());
      this.statement('DELETE FROM rm_checkpoints WHERE name = ?').run(shadowName);
      return true;
    });

    this.commits = commitsOf(db);
    this.commits.on('commit', this.onCommit);
    this.waiters = new CheckpointWaiters({
      readPositions: async (names) => this.readPositions(names),
      pollIntervalMs: 50,
    });
  }

  async ensureCollection(collection: string, indexes: readonly IndexSpec[] = [], options: CollectionOptions = {}): Promise<void> {
    const seen = new Set<string>();
    for (const spec of indexes) {
      const fields = indexFields(spec);
      const key = JSON.stringify(fields);
      if (seen.has(key)) continue;
      seen.add(key);
      // (collection, fields…, id): SQLite then finds a collection's documents in the fields' order
      // (ties by id, as find() sorts) without sorting them; an index on the field alone was
      // passed over for the primary key plus a sort of every document of the collection.
      const columns = fields.map(fieldExpression).join(', ');
      this.indexes.delete(indexName(collection, fields, 2));
      this.db.exec(
        `${fields.length === 1 ? `DROP INDEX IF EXISTS ${quoteIdentifier(indexName(collection, fields, 1))};` : ''}
         CREATE INDEX IF NOT EXISTS ${quoteIdentifier(indexName(collection, fields, 2))}
           ON rm_docs (collection, ${columns}, id) WHERE collection = ${quoteLiteral(collection)}`,
      );
      // History rows of a temporal collection: the same look-up, then the state's start, so "as
      // of P" reads the few states of the documents that match.
      if (options.temporal) {
        this.db.exec(
          `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(indexName(collection, fields, 2).replace(/^rm_docs_/, 'rm_history_'))}
             ON rm_history (collection, ${columns}, valid_from) WHERE collection = ${quoteLiteral(collection)}`,
        );
      }
    }
  }

  async getAt<T extends Doc = Doc>(collection: string, id: string, position: number): Promise<T | null> {
    const row = this.statement(
      'SELECT doc FROM rm_history WHERE collection = ? AND id = ? AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?) ORDER BY valid_from DESC LIMIT 1',
    ).get(collection, id, position, position) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async getManyAt<T extends Doc = Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>> {
    const rows = this.statement(
      `SELECT id, doc FROM rm_history WHERE collection = ? AND id IN (SELECT value FROM json_each(?))
         AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)`,
    ).all(collection, JSON.stringify(ids), position, position) as { id: string; doc: string }[];
    return new Map(rows.map((row) => [row.id, JSON.parse(row.doc) as T]));
  }

  async findAt<T extends Doc = Doc>(collection: string, position: number, options: FindOptions = {}): Promise<T[]> {
    // The collection spelled out, so SQLite may use the history's partial indexes.
    const { sql, params } = filter(collection, options, true);
    const query = `SELECT doc FROM rm_history WHERE ${sql} AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)`;
    params.push(position, position);
    const rows = this.statement(query + orderAndPage(options, params)).all(...params) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async countAt(collection: string, position: number, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}): Promise<number> {
    const { sql, params } = filter(collection, options, true);
    const row = this.statement(`SELECT count(*) AS n FROM rm_history WHERE ${sql} AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)`).get(
      ...params,
      position,
      position,
    ) as { n: number };
    return row.n;
  }

  /** Writes a commit's temporal changes as history rows (inside the commit's transaction). */
  private writeHistory(history: SealedWrites['history']): void {
    const openRow = this.statement('SELECT valid_from, doc FROM rm_history WHERE collection = ? AND id = ? AND valid_to IS NULL');
    const open = new Map<string, OpenRow>();
    for (const { collection, id } of history) {
      const k = historyKey(collection, id);
      if (open.has(k)) continue;
      const row = openRow.get(collection, id) as { valid_from: number; doc: string } | undefined;
      if (row) open.set(k, { validFrom: row.valid_from, json: row.doc });
    }
    const plan = planHistory(history, open);
    const remove = this.statement('DELETE FROM rm_history WHERE collection = ? AND id = ? AND valid_from = ?');
    for (const r of plan.remove) remove.run(r.collection, r.id, r.validFrom);
    const close = this.statement('UPDATE rm_history SET valid_to = ? WHERE collection = ? AND id = ? AND valid_from = ?');
    for (const c of plan.close) close.run(c.validTo, c.collection, c.id, c.validFrom);
    const insert = this.statement('INSERT OR REPLACE INTO rm_history (collection, id, valid_from, valid_to, doc) VALUES (?, ?, ?, ?, ?)');
    for (const i of plan.insert) insert.run(i.collection, i.id, i.validFrom, i.validTo, i.json);
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const row = this.statement('SELECT doc FROM rm_docs WHERE collection = ? AND id = ?').get(collection, id) as
      | { doc: string }
      | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: string[]): Promise<Map<string, T>> {
    const rows = this.statement('SELECT id, doc FROM rm_docs WHERE collection = ? AND id IN (SELECT value FROM json_each(?))').all(
      collection,
      JSON.stringify(ids),
    ) as { id: string; doc: string }[];
    return new Map(rows.map((row) => [row.id, JSON.parse(row.doc) as T]));
  }

  async find<T extends Doc = Doc>(collection: string, options: FindOptions = {}): Promise<T[]> {
    const hint = this.compoundHint(collection, options);
    const { sql, params } = filter(collection, options, hint !== '');
    const query = `SELECT doc FROM rm_docs${hint} WHERE ${sql}`;
    const rows = this.statement(query + orderAndPage(options, params)).all(...params) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(collection: string, options: Pick<FindOptions, 'where' | 'search' | 'range'> = {}): Promise<number> {
    const { sql, params } = filter(collection, options);
    const row = this.statement(`SELECT count(*) AS n FROM rm_docs WHERE ${sql}`).get(...params) as { n: number };
    return row.n;
  }

  async commit(name: string, position: number, work: (uow: UnitOfWork) => Promise<void>, options: CommitOptions = {}): Promise<void> {
    const writes = await collectWrites(this, work, options.prefetch, { collections: options.temporal, position });
    this.applyCommit.immediate(writes, name, position, options.expectedPosition);
    this.commits.emit('commit');
  }

  async getCheckpoint(name: string): Promise<Checkpoint> {
    const row = this.statement('SELECT * FROM rm_checkpoints WHERE name = ?').get(name) as CheckpointRow | undefined;
    return row ? toCheckpoint(row) : { name, position: 0, updatedAt: null, error: null };
  }

  async recordError(name: string, error: ProjectionError | null): Promise<void> {
    this.statement(
      `INSERT INTO rm_checkpoints (name, position, error, updated_at) VALUES (?, 0, ?, ?)
       ON CONFLICT (name) DO UPDATE SET error = excluded.error, updated_at = excluded.updated_at`,
    ).run(name, error === null ? null : JSON.stringify(error), new Date().toISOString());
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    const { changes } = this.statement(
      `INSERT INTO rm_leases (name, holder, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE rm_leases.holder = excluded.holder OR rm_leases.expires_at <= ?`,
    ).run(name, holder, now + ttlMs, now);
    return changes === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    this.statement('DELETE FROM rm_leases WHERE name = ? AND holder = ?').run(name, holder);
  }

  async getCheckpoints(): Promise<Checkpoint[]> {
    const rows = this.statement('SELECT * FROM rm_checkpoints ORDER BY name').all() as CheckpointRow[];
    return rows.map(toCheckpoint);
  }

  async reset(name: string, collections: string[]): Promise<void> {
    this.applyReset.immediate(name, collections);
    this.commits.emit('commit');
  }

  async swap(name: string, shadowName: string, pairs: SwapPair[]): Promise<boolean> {
    const swapped = this.applySwap.immediate(name, shadowName, pairs);
    if (swapped) this.commits.emit('commit');
    return swapped;
  }

  waitForCheckpoints(names: string[], position: number, timeoutMs: number): Promise<boolean> {
    return this.waiters.wait(names, position, timeoutMs);
  }

  /** Stops waiting and polling; the database belongs to the caller and stays open. */
  async close(): Promise<void> {
    this.commits.off('commit', this.onCommit);
    this.waiters.close();
  }

  private readPositions(names: string[]): Map<string, number> {
    const rows = this.statement(
      'SELECT name, position FROM rm_checkpoints WHERE name IN (SELECT value FROM json_each(?))',
    ).all(JSON.stringify(names)) as { name: string; position: number }[];
    return new Map(rows.map((row) => [row.name, row.position]));
  }

  /**
   * ` INDEXED BY` the compound index (an equality field of `where`, then the order's field) when
   * there is one. Without statistics SQLite prefers the order field's own index, reads the
   * collection backwards and filters it, which at a million documents and a rare value reads
   * them all; the compound index reads only the page asked for.
   */
  private compoundHint(collection: string, options: FindOptions): string {
    if (!options.orderBy) return '';
    for (const [field, value] of Object.entries(options.where ?? {})) {
      if (value === null || typeof value === 'boolean') continue;
      const name = indexName(collection, [field, options.orderBy.field], 2);
      if (this.hasIndex(name)) return ` INDEXED BY ${quoteIdentifier(name)}`;
    }
    return '';
  }

  /** Whether an index exists; a missing one is looked for again after a while (another process may make it). */
  private hasIndex(name: string): boolean {
    const known = this.indexes.get(name);
    if (known === true || (known !== undefined && Date.now() < known)) return known === true;
    const found = this.statement("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name) !== undefined;
    this.indexes.set(name, found ? true : Date.now() + 10_000);
    return found;
  }

  /** Prepared statements by SQL text; find() builds a handful of shapes, so the cache stays small. */
  private statement(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= 500) this.statements.clear();
      statement = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * The WHERE clause of find and count. `literalCollection` spells the collection out instead of
 * binding it: SQLite only takes a partial index INDEXED BY when the query names its condition.
 */
function filter(
  collection: string,
  options: Pick<FindOptions, 'where' | 'search' | 'range'>,
  literalCollection = false,
): { sql: string; params: unknown[] } {
  const clauses = [literalCollection ? `collection = ${quoteLiteral(collection)}` : 'collection = ?'];
  const params: unknown[] = literalCollection ? [] : [collection];
  const range = boundsOf(options.range);
  if (range === null) {
    clauses.push('0');
  } else {
    for (const bound of range.bounds) {
      clauses.push(`${fieldExpression(bound.field)} ${SQL_OPERATORS[bound.op]} ?`);
      params.push(bound.value);
    }
    // json_extract gives numbers as numbers and text as text, and SQLite orders every number
    // before every text: the type check keeps a bound from reaching values of the other type.
    for (const [field, type] of range.typed) {
      clauses.push(`json_type(doc, ${quoteLiteral(jsonPath(field))}) ${type === 'number' ? "IN ('integer', 'real')" : "= 'text'"}`);
    }
  }
  for (const [field, value] of Object.entries(options.where ?? {})) {
    const expression = fieldExpression(field);
    if (value === null) {
      clauses.push(`${expression} IS NULL`);
    } else if (typeof value === 'boolean') {
      // json_extract turns true/false into 1/0, so compare the JSON type instead.
      clauses.push(`json_type(doc, ${quoteLiteral(jsonPath(field))}) = '${value ? 'true' : 'false'}'`);
    } else if (typeof value === 'number') {
      clauses.push(`${expression} = ? AND json_type(doc, ${quoteLiteral(jsonPath(field))}) IN ('integer', 'real')`);
      params.push(value);
    } else {
      // A text parameter never equals the integer json_extract gives for a number or a boolean.
      clauses.push(`${expression} = ?`);
      params.push(value);
    }
  }
  const search = options.search;
  if (search && search.term !== '') {
    if (search.fields.length === 0) {
      clauses.push('0');
    } else {
      // instr, not LIKE: the term is matched literally, so % and _ need no escaping. For an ASCII
      // term SQLite's own lower() (ASCII only) finds the same rows as JavaScript's lower-casing,
      // but for the odd letter that lower-cases to ASCII (İ, the Kelvin sign), without a call into
      // JavaScript per row; other terms need rm_lower.
      const term = search.term.toLowerCase();
      const lower = /^[\x00-\x7f]*$/.test(term) ? 'lower' : 'rm_lower';
      const any = search.fields.map((field) => `instr(${lower}(${fieldExpression(field)}), ?) > 0`);
      clauses.push(`(${any.join(' OR ')})`);
      for (let i = 0; i < search.fields.length; i++) params.push(term);
    }
  }
  return { sql: clauses.join(' AND '), params };
}

/** find()'s order (ties by id, in the same direction) and window, its parameters added to `params`. */
function orderAndPage(options: FindOptions, params: unknown[]): string {
  let sql: string;
  if (options.orderBy) {
    const direction = options.orderBy.direction === 'desc' ? 'DESC' : 'ASC';
    sql = ` ORDER BY ${fieldExpression(options.orderBy.field)} ${direction}, id ${direction}`;
  } else {
    sql = ' ORDER BY id';
  }
  if (options.limit !== undefined || options.offset !== undefined) {
    sql += ' LIMIT ? OFFSET ?';
    params.push(options.limit ?? -1, options.offset ?? 0);
  }
  return sql;
}

/** The exact expression the indexes are built on; queries must spell it the same way to use them. */
function fieldExpression(field: string): string {
  return `json_extract(doc, ${quoteLiteral(jsonPath(field))})`;
}

function jsonPath(field: string): string {
  if (field === '' || /["\\]/.test(field)) throw new Error(`invalid read-model field name: ${JSON.stringify(field)}`);
  return `$."${field}"`;
}

/**
 * Version 1 indexed a field alone; version 2 is (collection, field, id), or (collection, fields…,
 * id) for a compound index, whose name hashes the list of fields.
 */
function indexName(collection: string, fields: string[], version: 1 | 2): string {
  const field = fields.join('_');
  const readable = `${collection}_${field}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 40);
  const identity = fields.length > 1 ? [collection, fields, version] : version === 1 ? [collection, field] : [collection, field, version];
  const hash = createHash('sha256')
    .update(JSON.stringify(identity))
    .digest('hex')
    .slice(0, 8);
  return `rm_docs_${readable}_${hash}`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    position: row.position,
    updatedAt: row.updated_at,
    error: row.error === null ? null : (JSON.parse(row.error) as ProjectionError),
  };
}
