/**
 * Prototype (a): a temporal read model. The projections run unchanged; the unit of work they write
 * through records, for the collections the public site reads, every put and delete with the
 * position of the event being applied, and the commit turns those into validity intervals
 * [valid_from, valid_to) of global positions (valid_to null: still valid), in the same
 * transaction as the live documents and the checkpoint. "As of P" is then an indexed look-up:
 * valid_from <= P < valid_to. A small clock table maps a date to the last position at or before it.
 *
 * Bench-only: the live documents and the history live in tables of their own (tt_*), beside the
 * product's rm_* tables, on the same database file or schema as the event store.
 */
import type { Statement, Transaction } from 'better-sqlite3';
import pg from 'pg';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { PublishedDoc, RedirectDoc } from '@pagelog/contracts/pages/page-docs';
import { redirectId } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { Doc, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { Projection } from '@pagelog/projector/core/projection';
import type { Backend } from '../common';
import type { AsOfReader, ListRow } from './answer';
import { SETTINGS_ID, siteCollections, type MediaDoc, type MenuDoc, type SettingsDoc } from './site-projection';

/**
 * A collection the public site reads as of a moment, with the field sets it is looked up by (each
 * one index, ending in valid_from) and, for a collection the site lists, the fields of a list row,
 * kept beside each interval's document so a list does not read whole documents.
 */
export interface TemporalCollection {
  name: string;
  indexes: string[][];
  list?: Record<string, string[]>;
}

/** The list's columns (other than the id), as JSON paths into a public page document. */
const listFields: Record<Exclude<keyof ListRow, 'id'>, string[]> = {
  locale: ['locale'],
  slug: ['slug'],
  title: ['pageVersion', 'title'],
  versionId: ['pageVersion', 'versionID'],
  type: ['type'],
};

/** What the public site reads: the public-pages projection's live pages and redirects, and the site's settings, menus and media. */
export const temporalCollections: TemporalCollection[] = [
  { name: readModels.publicPages.collection, indexes: [['slug', 'locale']], list: listFields },
  { name: readModels.publicRedirects.collection, indexes: [] },
  { name: siteCollections.settings, indexes: [] },
  { name: siteCollections.menus, indexes: [['locale']] },
  { name: siteCollections.media, indexes: [] },
];

/** One change of a temporal document: its new state from `position` on (null: gone). */
export interface HistoryWrite {
  collection: string;
  id: string;
  position: number;
  doc: Doc | null;
}

export interface LiveWrite {
  collection: string;
  id: string;
  doc: Doc | null;
}

export interface TemporalSizes {
  historyRows: number;
  /** Table and indexes. */
  historyBytes: number;
  liveRows: number;
  liveBytes: number;
  clockRows: number;
  clockBytes: number;
}

export interface TemporalStore {
  readonly backend: Backend;
  init(): Promise<void>;
  /** Empties live documents, history, clock and checkpoint. */
  reset(): Promise<void>;
  get(collection: string, id: string): Promise<Doc | null>;
  getMany(collection: string, ids: string[]): Promise<Map<string, Doc>>;
  commit(live: LiveWrite[], history: HistoryWrite[], clock: [string, number][], position: number): Promise<void>;
  getAt<T extends Doc>(collection: string, id: string, position: number): Promise<T | null>;
  getManyAt<T extends Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>>;
  findAt<T extends Doc>(collection: string, position: number, where: Record<string, string>): Promise<T[]>;
  /** Every document valid at P, as list rows: from the list fields kept beside it, or extracted from the documents. */
  listAt(collection: string, position: number, from: 'summary' | 'documents'): Promise<ListRow[]>;
  /** The last position whose event happened at or before `date` (0 before the first). */
  positionAt(date: string): Promise<number>;
  sizes(): Promise<TemporalSizes>;
  /** Table statistics for the planner, as after a while in production. */
  analyze(): Promise<void>;
  close(): Promise<void>;
}

/** The intervals a batch's history writes make: rows to close (first change of each document) and rows to insert. */
type IntervalRow = [collection: string, id: string, validFrom: number, validTo: number | null, doc: string, summary: string | null];

const listOf = new Map(temporalCollections.flatMap((c) => (c.list ? [[c.name, c.list] as const] : [])));

/** The list fields of a document, as JSON (null for a collection that is not listed). */
function summaryOf(collection: string, doc: Doc): string | null {
  const fields = listOf.get(collection);
  if (!fields) return null;
  const row: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(fields)) {
    let value: unknown = doc;
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
    row[name] = value ?? null;
  }
  return JSON.stringify(row);
}

function intervals(history: HistoryWrite[]): { closes: [string, string, number][]; inserts: IntervalRow[] } {
  const byDoc = new Map<string, HistoryWrite[]>();
  for (const write of history) {
    const key = `${write.collection}\u0000${write.id}`;
    const list = byDoc.get(key);
    if (list) list.push(write);
    else byDoc.set(key, [write]);
  }
  const closes: [string, string, number][] = [];
  const inserts: IntervalRow[] = [];
  for (const writes of byDoc.values()) {
    const first = writes[0]!;
    closes.push([first.collection, first.id, first.position]);
    writes.forEach((write, i) => {
      if (write.doc !== null) {
        inserts.push([write.collection, write.id, write.position, writes[i + 1]?.position ?? null, JSON.stringify(write.doc), summaryOf(write.collection, write.doc)]);
      }
    });
  }
  return { closes, inserts };
}

// ---------------------------------------------------------------------------------------------
// SQLite

export class SqliteTemporalStore implements TemporalStore {
  readonly backend = 'sqlite' as const;
  private readonly statements = new Map<string, Statement<unknown[]>>();
  private readonly applyCommit: Transaction<(live: LiveWrite[], history: HistoryWrite[], clock: [string, number][], position: number) => void>;

  constructor(private readonly db: SqliteDatabase) {
    this.createTables();
    this.applyCommit = db.transaction((live: LiveWrite[], history: HistoryWrite[], clock: [string, number][], position: number) => {
      const upsert = this.prepare('INSERT INTO tt_docs (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc');
      const remove = this.prepare('DELETE FROM tt_docs WHERE collection = ? AND id = ?');
      for (const w of live) {
        if (w.doc === null) remove.run(w.collection, w.id);
        else upsert.run(w.collection, w.id, JSON.stringify(w.doc));
      }
      const { closes, inserts } = intervals(history);
      const close = this.prepare('UPDATE tt_history SET valid_to = ? WHERE collection = ? AND id = ? AND valid_to IS NULL');
      for (const [collection, id, at] of closes) close.run(at, collection, id);
      const insert = this.prepare('INSERT INTO tt_history (collection, id, valid_from, valid_to, doc, summary) VALUES (?, ?, ?, ?, ?, ?)');
      for (const row of inserts) insert.run(...row);
      const tick = this.prepare('INSERT INTO tt_clock (at, position) VALUES (?, ?) ON CONFLICT (at) DO UPDATE SET position = excluded.position');
      for (const [at, p] of clock) tick.run(at, p);
      this.prepare("INSERT INTO tt_checkpoint (name, position) VALUES ('tt', ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position").run(position);
    });
  }

  private createTables(): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS tt_docs (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id));
      CREATE TABLE IF NOT EXISTS tt_history (
        -- summary before doc: SQLite reads a row's columns in order, and doc spills onto overflow pages.
        collection TEXT NOT NULL, id TEXT NOT NULL, valid_from INTEGER NOT NULL, valid_to INTEGER, summary TEXT, doc TEXT NOT NULL,
        PRIMARY KEY (collection, id, valid_from)
      );
      -- The list as of P: open rows (valid_to null) and rows that ended after P, from the index alone.
      CREATE INDEX IF NOT EXISTS tt_history_at ON tt_history (collection, valid_to, valid_from, id, summary);
      CREATE TABLE IF NOT EXISTS tt_clock (at TEXT PRIMARY KEY, position INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS tt_checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
    `);
    for (const fields of temporalCollections.flatMap((c) => c.indexes)) {
      this.db.exec(`CREATE INDEX IF NOT EXISTS tt_history_${fields.join('_')} ON tt_history (collection, ${fields.map(fieldSql).join(', ')}, valid_from)`);
    }
  }

  async init(): Promise<void> {}

  async reset(): Promise<void> {
    this.db.exec('DELETE FROM tt_docs; DELETE FROM tt_history; DELETE FROM tt_clock; DELETE FROM tt_checkpoint;');
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const row = this.prepare('SELECT doc FROM tt_docs WHERE collection = ? AND id = ?').get(collection, id) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as Doc) : null;
  }

  async getMany(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const rows = this.prepare('SELECT id, doc FROM tt_docs WHERE collection = ? AND id IN (SELECT value FROM json_each(?))').all(collection, JSON.stringify(ids)) as { id: string; doc: string }[];
    return new Map(rows.map((r) => [r.id, JSON.parse(r.doc) as Doc]));
  }

  async commit(live: LiveWrite[], history: HistoryWrite[], clock: [string, number][], position: number): Promise<void> {
    this.applyCommit.immediate(live, history, clock, position);
  }

  async getAt<T extends Doc>(collection: string, id: string, position: number): Promise<T | null> {
    const row = this.prepare(
      'SELECT doc FROM tt_history WHERE collection = ? AND id = ? AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)',
    ).get(collection, id, position, position) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async getManyAt<T extends Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>> {
    if (ids.length === 0) return new Map();
    const rows = this.prepare(
      `SELECT id, doc FROM tt_history WHERE collection = ? AND id IN (SELECT value FROM json_each(?))
         AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)`,
    ).all(collection, JSON.stringify(ids), position, position) as { id: string; doc: string }[];
    return new Map(rows.map((r) => [r.id, JSON.parse(r.doc) as T]));
  }

  async findAt<T extends Doc>(collection: string, position: number, where: Record<string, string>): Promise<T[]> {
    const fields = Object.keys(where);
    const sql = `SELECT doc FROM tt_history WHERE collection = ? ${fields.map((f) => `AND ${fieldSql(f)} = ?`).join(' ')}
      AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?) ORDER BY id`;
    const rows = this.prepare(sql).all(collection, ...fields.map((f) => where[f]), position, position) as { doc: string }[];
    return rows.map((r) => JSON.parse(r.doc) as T);
  }

  async listAt(collection: string, position: number, from: 'summary' | 'documents'): Promise<ListRow[]> {
    const where = 'FROM tt_history WHERE collection = ? AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)';
    if (from === 'summary') {
      const rows = this.prepare(`SELECT id, summary ${where}`).all(collection, position, position) as { id: string; summary: string }[];
      return rows.map((r) => ({ id: r.id, ...(JSON.parse(r.summary) as Omit<ListRow, 'id'>) }));
    }
    const columns = Object.entries(listOf.get(collection)!).map(([name, path]) => `json_extract(doc, '$.${path.join('.')}') AS ${name}`);
    return this.prepare(`SELECT id, ${columns.join(', ')} ${where}`).all(collection, position, position) as ListRow[];
  }

  async positionAt(date: string): Promise<number> {
    const row = this.prepare('SELECT position FROM tt_clock WHERE at <= ? ORDER BY at DESC LIMIT 1').get(new Date(date).toISOString()) as { position: number } | undefined;
    return row?.position ?? 0;
  }

  async sizes(): Promise<TemporalSizes> {
    const bytes = (table: string) =>
      (this.db.prepare(
        `SELECT coalesce(sum(pgsize), 0) AS n FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema WHERE tbl_name = ?)`,
      ).get(table) as { n: number }).n;
    const rows = (table: string) => (this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const liveTemporal = this.db.prepare(`SELECT count(*) AS n FROM tt_docs WHERE collection IN (${temporalCollections.map((c) => `'${c.name}'`).join(',')})`).get() as { n: number };
    return {
      historyRows: rows('tt_history'), historyBytes: bytes('tt_history'),
      liveRows: liveTemporal.n, liveBytes: bytes('tt_docs'),
      clockRows: rows('tt_clock'), clockBytes: bytes('tt_clock'),
    };
  }

  async analyze(): Promise<void> {
    this.db.exec('ANALYZE');
  }

  async close(): Promise<void> {}

  private prepare(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function fieldName(field: string): string {
  if (!/^[A-Za-z]+$/.test(field)) throw new Error(`bad field ${field}`);
  return field;
}

function fieldSql(field: string): string {
  return `json_extract(doc, '$.${fieldName(field)}')`;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export class PostgresTemporalStore implements TemporalStore {
  readonly backend = 'postgres' as const;
  private readonly s: string;

  constructor(private readonly pool: pg.Pool, schema: string) {
    this.s = pg.escapeIdentifier(schema);
  }

  async init(): Promise<void> {
    const s = this.s;
    await this.pool.query(`
      CREATE SCHEMA IF NOT EXISTS ${s};
      CREATE TABLE IF NOT EXISTS ${s}.tt_docs (collection text NOT NULL, id text NOT NULL, doc jsonb NOT NULL, PRIMARY KEY (collection, id));
      CREATE TABLE IF NOT EXISTS ${s}.tt_history (
        collection text NOT NULL, id text NOT NULL, valid_from bigint NOT NULL, valid_to bigint, summary text, doc jsonb NOT NULL,
        PRIMARY KEY (collection, id, valid_from)
      );
      CREATE INDEX IF NOT EXISTS tt_history_at ON ${s}.tt_history (collection, valid_to, valid_from) INCLUDE (id, summary);
      CREATE TABLE IF NOT EXISTS ${s}.tt_clock (at text PRIMARY KEY, position bigint NOT NULL);
      CREATE TABLE IF NOT EXISTS ${s}.tt_checkpoint (name text PRIMARY KEY, position bigint NOT NULL);
    `);
    for (const fields of temporalCollections.flatMap((c) => c.indexes)) {
      const columns = fields.map((f) => `(doc->>'${fieldName(f)}')`).join(', ');
      await this.pool.query(`CREATE INDEX IF NOT EXISTS tt_history_${fields.join('_')} ON ${s}.tt_history (collection, ${columns}, valid_from)`);
    }
  }

  async reset(): Promise<void> {
    const s = this.s;
    await this.pool.query(`TRUNCATE ${s}.tt_docs, ${s}.tt_history, ${s}.tt_clock, ${s}.tt_checkpoint`);
  }

  async get(collection: string, id: string): Promise<Doc | null> {
    const { rows } = await this.pool.query<{ doc: Doc }>(`SELECT doc FROM ${this.s}.tt_docs WHERE collection = $1 AND id = $2`, [collection, id]);
    return rows[0]?.doc ?? null;
  }

  async getMany(collection: string, ids: string[]): Promise<Map<string, Doc>> {
    const { rows } = await this.pool.query<{ id: string; doc: Doc }>(`SELECT id, doc FROM ${this.s}.tt_docs WHERE collection = $1 AND id = ANY($2::text[])`, [collection, ids]);
    return new Map(rows.map((r) => [r.id, r.doc]));
  }

  async commit(live: LiveWrite[], history: HistoryWrite[], clock: [string, number][], position: number): Promise<void> {
    const s = this.s;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const puts = live.filter((w) => w.doc !== null);
      const deletes = live.filter((w) => w.doc === null);
      if (puts.length > 0) {
        await client.query(
          `INSERT INTO ${s}.tt_docs (collection, id, doc) SELECT c, i, d::jsonb FROM unnest($1::text[], $2::text[], $3::text[]) AS u(c, i, d)
           ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
          [puts.map((w) => w.collection), puts.map((w) => w.id), puts.map((w) => JSON.stringify(w.doc))],
        );
      }
      if (deletes.length > 0) {
        await client.query(
          `DELETE FROM ${s}.tt_docs d USING unnest($1::text[], $2::text[]) AS u(c, i) WHERE d.collection = u.c AND d.id = u.i`,
          [deletes.map((w) => w.collection), deletes.map((w) => w.id)],
        );
      }
      const { closes, inserts } = intervals(history);
      if (closes.length > 0) {
        await client.query(
          `UPDATE ${s}.tt_history h SET valid_to = u.p FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u(c, i, p)
           WHERE h.collection = u.c AND h.id = u.i AND h.valid_to IS NULL`,
          [closes.map((r) => r[0]), closes.map((r) => r[1]), closes.map((r) => r[2])],
        );
      }
      if (inserts.length > 0) {
        await client.query(
          `INSERT INTO ${s}.tt_history (collection, id, valid_from, valid_to, doc, summary)
           SELECT c, i, f, t, d::jsonb, m FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[]) AS u(c, i, f, t, d, m)`,
          [0, 1, 2, 3, 4, 5].map((k) => inserts.map((r) => r[k])),
        );
      }
      if (clock.length > 0) {
        await client.query(
          `INSERT INTO ${s}.tt_clock (at, position) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT (at) DO UPDATE SET position = excluded.position`,
          [clock.map((c) => c[0]), clock.map((c) => c[1])],
        );
      }
      await client.query(
        `INSERT INTO ${s}.tt_checkpoint (name, position) VALUES ('tt', $1) ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
        [position],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async getAt<T extends Doc>(collection: string, id: string, position: number): Promise<T | null> {
    const { rows } = await this.pool.query<{ doc: T }>({
      name: 'tt_get_at',
      text: `SELECT doc FROM ${this.s}.tt_history WHERE collection = $1 AND id = $2 AND valid_from <= $3 AND (valid_to IS NULL OR valid_to > $3)`,
      values: [collection, id, position],
    });
    return rows[0]?.doc ?? null;
  }

  async getManyAt<T extends Doc>(collection: string, ids: string[], position: number): Promise<Map<string, T>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ id: string; doc: T }>({
      name: 'tt_get_many_at',
      text: `SELECT id, doc FROM ${this.s}.tt_history WHERE collection = $1 AND id = ANY($2::text[]) AND valid_from <= $3 AND (valid_to IS NULL OR valid_to > $3)`,
      values: [collection, ids, position],
    });
    return new Map(rows.map((r) => [r.id, r.doc]));
  }

  async findAt<T extends Doc>(collection: string, position: number, where: Record<string, string>): Promise<T[]> {
    const fields = Object.keys(where);
    const text = `SELECT doc FROM ${this.s}.tt_history WHERE collection = $1 ${fields.map((f, i) => `AND doc->>'${fieldName(f)}' = $${i + 3}`).join(' ')}
      AND valid_from <= $2 AND (valid_to IS NULL OR valid_to > $2) ORDER BY id`;
    const { rows } = await this.pool.query<{ doc: T }>({ name: `tt_find_at_${fields.join('_')}`, text, values: [collection, position, ...fields.map((f) => where[f])] });
    return rows.map((r) => r.doc);
  }

  async listAt(collection: string, position: number, from: 'summary' | 'documents'): Promise<ListRow[]> {
    const where = `FROM ${this.s}.tt_history WHERE collection = $1 AND valid_from <= $2 AND (valid_to IS NULL OR valid_to > $2)`;
    if (from === 'summary') {
      const { rows } = await this.pool.query<{ id: string; summary: string }>({ name: 'tt_list_at_summary', text: `SELECT id, summary ${where}`, values: [collection, position] });
      return rows.map((r) => ({ id: r.id, ...(JSON.parse(r.summary) as Omit<ListRow, 'id'>) }));
    }
    const columns = Object.entries(listOf.get(collection)!).map(([name, path]) => `doc #>> '{${path.join(',')}}' AS "${name}"`);
    const { rows } = await this.pool.query<ListRow>({ name: 'tt_list_at_documents', text: `SELECT id, ${columns.join(', ')} ${where}`, values: [collection, position] });
    return rows;
  }

  async positionAt(date: string): Promise<number> {
    const { rows } = await this.pool.query<{ position: string }>({
      name: 'tt_position_at',
      text: `SELECT position FROM ${this.s}.tt_clock WHERE at <= $1 ORDER BY at DESC LIMIT 1`,
      values: [new Date(date).toISOString()],
    });
    return rows[0] ? Number(rows[0].position) : 0;
  }

  async sizes(): Promise<TemporalSizes> {
    const s = this.s;
    const one = async (sql: string, values: unknown[] = []) => Number((await this.pool.query<{ n: string }>(sql, values)).rows[0]!.n);
    const bytes = (table: string) => one(`SELECT pg_total_relation_size('${s}.${table}') AS n`);
    const rows = (table: string) => one(`SELECT count(*) AS n FROM ${s}.${table}`);
    return {
      historyRows: await rows('tt_history'), historyBytes: await bytes('tt_history'),
      liveRows: await one(`SELECT count(*) AS n FROM ${s}.tt_docs WHERE collection = ANY($1::text[])`, [temporalCollections.map((c) => c.name)]),
      liveBytes: await bytes('tt_docs'),
      clockRows: await rows('tt_clock'), clockBytes: await bytes('tt_clock'),
    };
  }

  async analyze(): Promise<void> {
    const s = this.s;
    await this.pool.query(`VACUUM (ANALYZE) ${s}.tt_history, ${s}.tt_docs, ${s}.tt_clock`);
  }

  async close(): Promise<void> {}
}

// ---------------------------------------------------------------------------------------------
// Building it: the projections, unchanged, through a unit of work that records history

/**
 * The unit of work the projections write through. Puts and deletes of temporal collections are
 * also recorded with the position of the event being applied; a second change of a document at
 * the same position replaces the first (an event leaves one state, not two).
 */
export class RecordingUnitOfWork implements UnitOfWork {
  position = 0;
  readonly history: HistoryWrite[] = [];
  private readonly writes = new Map<string, LiveWrite>();
  private readonly lastChange = new Map<string, number>();

  constructor(
    private readonly read: (collection: string, id: string) => Promise<Doc | null>,
    private readonly temporal: ReadonlySet<string> | null,
  ) {}

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const write = this.writes.get(`${collection}\u0000${id}`);
    if (write) return write.doc as T | null;
    return (await this.read(collection, id)) as T | null;
  }

  put(collection: string, id: string, doc: Doc): void {
    this.change(collection, id, doc);
  }

  at(position: number): void {
    this.position = position;
  }

  delete(collection: string, id: string): void {
    this.change(collection, id, null);
  }

  liveWrites(): LiveWrite[] {
    return [...this.writes.values()];
  }

  private change(collection: string, id: string, doc: Doc | null): void {
    const key = `${collection}\u0000${id}`;
    this.writes.set(key, { collection, id, doc });
    if (!this.temporal?.has(collection)) return;
    const last = this.lastChange.get(key);
    if (last !== undefined && this.history[last]!.position === this.position) {
      this.history[last] = { collection, id, position: this.position, doc };
      return;
    }
    this.lastChange.set(key, this.history.length);
    this.history.push({ collection, id, position: this.position, doc });
  }
}

export interface BuildResult {
  seconds: number;
  events: number;
  historyWrites: number;
}

/**
 * Rebuilds the live documents (and with `history`, the intervals and the clock) from the whole
 * log: batches of the log, each committed in one transaction with the checkpoint, as the
 * projector's rebuild does.
 */
export async function buildTemporal(
  eventStore: EventStore,
  store: TemporalStore,
  projections: Projection[],
  options: { history: boolean; batchSize?: number },
): Promise<BuildResult> {
  await store.reset();
  const start = process.hrtime.bigint();
  const temporal = options.history ? new Set(temporalCollections.map((c) => c.name)) : null;
  const handles = projections.map((p) => new Set(p.handles));
  let after = 0;
  let events = 0;
  let historyWrites = 0;
  let lastAt = '';
  for (;;) {
    const batch = await eventStore.readAll({ after, limit: options.batchSize ?? 5000 });
    if (batch.length === 0) break;
    const known = await prefetch(store, projections, handles, batch);
    const uow = new RecordingUnitOfWork((collection, id) => {
      const key = `${collection}\u0000${id}`;
      return known.has(key) ? Promise.resolve(known.get(key) ?? null) : store.get(collection, id);
    }, temporal);
    const clock = new Map<string, number>();
    for (const event of batch) {
      uow.position = event.position;
      for (let i = 0; i < projections.length; i++) {
        if (handles[i]!.has(event.type)) await projections[i]!.apply(event, uow);
      }
      // Dates are kept non-decreasing along positions, so "the last position at or before D" is one look-up.
      const at = event.metadata.occurredAt > lastAt ? event.metadata.occurredAt : lastAt;
      lastAt = at;
      if (temporal) clock.set(at, event.position);
    }
    const position = batch[batch.length - 1]!.position;
    historyWrites += uow.history.length;
    await store.commit(uow.liveWrites(), uow.history, [...clock.entries()], position);
    events += batch.length;
    after = position;
  }
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, events, historyWrites };
}

async function prefetch(store: TemporalStore, projections: Projection[], handles: Set<string>[], batch: RecordedEvent[]): Promise<Map<string, Doc | null>> {
  const wanted = new Map<string, Set<string>>();
  projections.forEach((projection, i) => {
    const mine = batch.filter((e) => handles[i]!.has(e.type));
    if (mine.length === 0 || !projection.prefetch) return;
    for (const { collection, ids } of projection.prefetch(mine)) {
      const set = wanted.get(collection) ?? new Set<string>();
      for (const id of ids) set.add(id);
      wanted.set(collection, set);
    }
  });
  const known = new Map<string, Doc | null>();
  for (const [collection, ids] of wanted) {
    if (ids.size === 0) continue;
    const found = await store.getMany(collection, [...ids]);
    for (const id of ids) known.set(`${collection}\u0000${id}`, found.get(id) ?? null);
  }
  return known;
}

// ---------------------------------------------------------------------------------------------
// Reading as of P

export class TemporalReader implements AsOfReader {
  constructor(
    private readonly store: TemporalStore,
    readonly position: number,
    private readonly listFrom: 'summary' | 'documents' = 'summary',
  ) {}

  settings(): Promise<SettingsDoc | null> {
    return this.store.getAt<SettingsDoc>(siteCollections.settings, SETTINGS_ID, this.position);
  }

  async pageBySlug(locale: string, slug: string): Promise<PublishedDoc | null> {
    return (await this.store.findAt<PublishedDoc>(readModels.publicPages.collection, this.position, { locale, slug }))[0] ?? null;
  }

  redirect(locale: string, slug: string): Promise<RedirectDoc | null> {
    return this.store.getAt<RedirectDoc>(readModels.publicRedirects.collection, redirectId(locale, slug), this.position);
  }

  pages(ids: string[]): Promise<Map<string, PublishedDoc>> {
    return this.store.getManyAt<PublishedDoc>(readModels.publicPages.collection, ids, this.position);
  }

  menus(locale: string): Promise<MenuDoc[]> {
    return this.store.findAt<MenuDoc>(siteCollections.menus, this.position, { locale });
  }

  media(ids: string[]): Promise<Map<string, MediaDoc>> {
    return this.store.getManyAt<MediaDoc>(siteCollections.media, ids, this.position);
  }

  list(): Promise<ListRow[]> {
    return this.store.listAt(readModels.publicPages.collection, this.position, this.listFrom);
  }
}
