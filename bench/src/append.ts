/**
 * Benchmark 1: event-store appends vs a raw durable insert of the same rows into a plain table
 * of the same database, with the same durability settings (SQLite: the product's own
 * openDatabase, WAL + synchronous=FULL; PostgreSQL: the server defaults, fsync + synchronous
 * commit). Every operation is one transaction holding one event; the variants take turns in
 * small blocks so that both see the same disk, cache and CPU conditions.
 */
import { join } from 'node:path';
import type { NewEvent } from '@pagelog/contracts/events/event';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import {
  dropSchema, elapsedMs, figuresTable, freshSchemaName, heading, isMain, mean, newId, newPool,
  median, percentile, postgresUrl, prng, table, tempDir, versionStoredEvent, type Backend, type Figure,
} from './common';

export const APPEND_GOAL = 0.8;

export interface AppendOptions {
  /** Measured appends per variant. */
  count?: number;
  /** Unmeasured appends per variant before measuring. */
  warmup?: number;
  /** How many consecutive operations one variant runs before the next takes its turn. */
  block?: number;
  /** How many streams the appends are spread over (each append checks its expected revision). */
  streams?: number;
}

/** One way of durably writing one event; `run(i)` writes the i-th row of its own row set. */
interface Variant {
  name: string;
  /** Part of the goal's ratio: 'store' or 'raw'. */
  role: 'store' | 'raw' | 'info';
  run(i: number): Promise<void> | void;
}

interface Row {
  stream: string;
  revision: number;
  event: NewEvent;
}

/**
 * The rows every variant writes: the same payloads (same JSON sizes) in the same order, each
 * variant with its own event ids and stream names so unique indexes never collide.
 */
function rowSets(variants: string[], total: number, streams: number): { sets: Map<string, Row[]>; payloadBytes: number } {
  const random = prng(42);
  const pageIds = Array.from({ length: streams }, () => newId());
  const versionIds = pageIds.map(() => newId());
  const revisions = new Array<number>(streams).fill(0);
  const base: { s: number; revision: number; event: NewEvent }[] = [];
  for (let i = 0; i < total; i++) {
    const s = i % streams;
    revisions[s] = revisions[s]! + 1;
    base.push({ s, revision: revisions[s]!, event: versionStoredEvent(random, pageIds[s]!, versionIds[s]!, i) });
  }
  const sets = new Map<string, Row[]>();
  for (const name of variants) {
    const prefix = newId();
    sets.set(name, base.map((b) => ({
      stream: pageStream(`${prefix}-${b.s}`),
      revision: b.revision,
      event: { ...b.event, id: newId() },
    })));
  }
  const payloadBytes = mean(base.map((b) => JSON.stringify(b.event.data).length + JSON.stringify(b.event.metadata).length));
  return { sets, payloadBytes };
}

interface VariantResult {
  name: string;
  role: Variant['role'];
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Time of each round's block of operations (same index = same round for every variant). */
  rounds: number[];
}

/** Warm-up, then `count` measured operations per variant, alternating in blocks, rotating who goes first. */
async function measure(variants: Variant[], options: Required<AppendOptions>): Promise<VariantResult[]> {
  const { count, warmup, block } = options;
  for (let i = 0; i < warmup; i++) for (const v of variants) await v.run(i);
  const samples = variants.map(() => [] as number[]);
  const rounds = variants.map(() => [] as number[]);
  let round = 0;
  for (let start = warmup; start < warmup + count; start += block, round++) {
    const end = Math.min(start + block, warmup + count);
    for (let k = 0; k < variants.length; k++) {
      const index = (k + round) % variants.length;
      const variant = variants[index]!;
      let blockMs = 0;
      for (let i = start; i < end; i++) {
        const t = process.hrtime.bigint();
        await variant.run(i);
        const ms = elapsedMs(t);
        samples[index]!.push(ms);
        blockMs += ms;
      }
      rounds[index]!.push(blockMs);
    }
  }
  return variants.map((v, i) => {
    const ms = samples[i]!;
    const seconds = ms.reduce((a, b) => a + b, 0) / 1000;
    return { name: v.name, role: v.role, count: ms.length, seconds, perSecond: ms.length / seconds, p50: percentile(ms, 50), p99: percentile(ms, 99), rounds: rounds[i]! };
  });
}

function report(backend: Backend, results: VariantResult[], payloadBytes: number): Figure[] {
  const store = results.find((r) => r.role === 'store')!;
  const raw = results.find((r) => r.role === 'raw')!;
  const ratio = store.perSecond / raw.perSecond;
  // Robustness check: the same ratio per round (each round runs every variant's block back to
  // back), median over rounds; a stall from outside (another tenant's I/O) then cannot decide it.
  const perRound = median(store.rounds.map((ms, i) => raw.rounds[i]! / ms));
  console.log(table(
    ['variant', 'appends', 'appends/s', 'p50 ms', 'p99 ms', 'vs raw'],
    results.map((r) => [r.name, r.count, r.perSecond, r.p50.toFixed(3), r.p99.toFixed(3), `${(r.perSecond / raw.perSecond).toFixed(2)}×`]),
  ));
  console.log(`payload: ${Math.round(payloadBytes)} bytes of JSON (data + metadata) per event; one event per transaction`);
  const figure: Figure = {
    bench: 'append',
    backend,
    metric: 'store/raw appends per second',
    value: ratio,
    unit: '×',
    goal: { op: '>=', target: APPEND_GOAL },
    note: `${Math.round(store.perSecond)} vs ${Math.round(raw.perSecond)} appends/s`,
  };
  console.log(`ratio store/raw: ${ratio.toFixed(2)}× (${figure.note}); median of ${store.rounds.length} per-round ratios: ${perRound.toFixed(2)}×`);
  console.log(`goal: store/raw >= ${APPEND_GOAL}× → ${ratio >= APPEND_GOAL ? 'PASS' : 'MISS'}`);
  return [figure, {
    bench: 'append', backend, metric: 'event-store appends/s', value: store.perSecond, unit: '/s',
  }];
}

function withDefaults(options: AppendOptions): Required<AppendOptions> {
  return { count: options.count ?? 2000, warmup: options.warmup ?? 200, block: options.block ?? 10, streams: options.streams ?? 100 };
}

export async function appendSqlite(options: AppendOptions = {}): Promise<Figure[]> {
  const o = withDefaults(options);
  heading('append · SQLite (WAL, synchronous=FULL)');
  const dir = tempDir('append');
  const db = openDatabase(join(dir.path, 'append.db'));
  try {
    const store = new SqliteEventStore(db);
    db.exec(`
      CREATE TABLE raw_events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL, stream TEXT NOT NULL, revision INTEGER NOT NULL,
        type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL
      );
      CREATE TABLE raw_events_indexed (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision INTEGER NOT NULL,
        type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
        UNIQUE (stream, revision)
      );
    `);
    const names = ['event store', 'raw insert', 'raw insert + unique keys'];
    const { sets, payloadBytes } = rowSets(names, o.warmup + o.count, o.streams);
    const rawInsert = (tableName: string) => {
      const insert = db.prepare(`INSERT INTO ${tableName} (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)`);
      return (row: Row) => {
        // Autocommit: one statement is one durable transaction, like one append.
        insert.run(row.event.id, row.stream, row.revision, row.event.type, JSON.stringify(row.event.data), JSON.stringify(row.event.metadata));
      };
    };
    const plain = rawInsert('raw_events');
    const indexed = rawInsert('raw_events_indexed');
    const storeRows = sets.get(names[0]!)!;
    const plainRows = sets.get(names[1]!)!;
    const indexedRows = sets.get(names[2]!)!;
    const variants: Variant[] = [
      { name: names[0]!, role: 'store', run: async (i) => { const r = storeRows[i]!; await store.append(r.stream, [r.event], r.revision - 1); } },
      { name: names[1]!, role: 'raw', run: async (i) => plain(plainRows[i]!) },
      { name: `${names[2]!} (info)`, role: 'info', run: async (i) => indexed(indexedRows[i]!) },
    ];
    const results = await measure(variants, o);
    await store.close();
    return report('sqlite', results, payloadBytes);
  } finally {
    db.close();
    dir.remove();
  }
}

export async function appendPostgres(url: string, options: AppendOptions = {}): Promise<Figure[]> {
  const o = withDefaults(options);
  heading('append · PostgreSQL (fsync, synchronous_commit as configured)');
  const schema = freshSchemaName('append');
  const pool = newPool(url);
  try {
    const settings = await pool.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit') ORDER BY name`);
    console.log(`server: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}; schema ${schema}`);
    const store = new PostgresEventStore({ pool, schema });
    await store.init();
    await pool.query(`
      CREATE TABLE "${schema}".raw_events (
        position BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL, stream TEXT NOT NULL, revision BIGINT NOT NULL,
        type TEXT NOT NULL, data JSONB NOT NULL, metadata JSONB NOT NULL
      )`);
    await pool.query(`
      CREATE TABLE "${schema}".raw_events_indexed (
        position BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, revision BIGINT NOT NULL,
        type TEXT NOT NULL, data JSONB NOT NULL, metadata JSONB NOT NULL,
        UNIQUE (stream, revision)
      )`);
    const names = ['event store', 'raw insert', 'raw insert + unique keys'];
    const { sets, payloadBytes } = rowSets(names, o.warmup + o.count, o.streams);
    const rawInsert = (tableName: string) => async (row: Row) => {
      // One statement outside BEGIN/COMMIT is one durable transaction, like one append.
      await pool.query(
        `INSERT INTO "${schema}".${tableName} (id, stream, revision, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.event.id, row.stream, row.revision, row.event.type, JSON.stringify(row.event.data), JSON.stringify(row.event.metadata)],
      );
    };
    const plain = rawInsert('raw_events');
    const indexed = rawInsert('raw_events_indexed');
    const storeRows = sets.get(names[0]!)!;
    const plainRows = sets.get(names[1]!)!;
    const indexedRows = sets.get(names[2]!)!;
    const variants: Variant[] = [
      { name: names[0]!, role: 'store', run: async (i) => { const r = storeRows[i]!; await store.append(r.stream, [r.event], r.revision - 1); } },
      { name: names[1]!, role: 'raw', run: (i) => plain(plainRows[i]!) },
      { name: `${names[2]!} (info)`, role: 'info', run: (i) => indexed(indexedRows[i]!) },
    ];
    const results = await measure(variants, o);
    await store.close();
    return report('postgres', results, payloadBytes);
  } finally {
    await pool.end();
    await dropSchema(url, schema);
  }
}

export async function runAppend(options: AppendOptions = {}): Promise<Figure[]> {
  const figures = await appendSqlite(options);
  const url = await postgresUrl();
  if (url) figures.push(...(await appendPostgres(url, options)));
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runAppend();
  heading('append · summary');
  console.log(figuresTable(figures));
}
