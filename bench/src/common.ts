/**
 * Shared helpers of the benchmarks: result figures with goals, tables, statistics, temp folders,
 * the PostgreSQL connection (and a fresh schema per run), and realistic page payloads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { EventMetadata, NewEvent } from '@pagelog/contracts/events/event';
import { commandContext } from '@pagelog/command-service/core/command-context';

export type Backend = 'sqlite' | 'postgres';

/** A goal a figure must meet: at least (`>=`) or at most (`<=`) the target. */
export interface Goal {
  op: '>=' | '<=';
  target: number;
}

/** One headline figure of a benchmark, for the benchmark's own output and the final summary. */
export interface Figure {
  bench: string;
  backend: Backend;
  metric: string;
  value: number;
  unit: string;
  goal?: Goal;
  /** Anything the reader needs next to the number (e.g. the two rates a ratio came from). */
  note?: string;
}

export function meets(value: number, goal: Goal): boolean {
  return goal.op === '>=' ? value >= goal.target : value <= goal.target;
}

export function verdict(figure: Figure): string {
  if (!figure.goal) return '';
  return meets(figure.value, figure.goal) ? 'PASS' : 'MISS';
}

export function formatNumber(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = unit === '×' ? 2 : Number.isInteger(value) || abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (!unit) return text;
  return unit === '×' ? `${text}×` : `${text} ${unit}`;
}

export function goalText(figure: Figure): string {
  if (!figure.goal) return '';
  return `${figure.goal.op} ${formatNumber(figure.goal.target, figure.unit)}`;
}

/** A plain-text table with aligned columns (numbers right-aligned). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number' || /^[-\d.,]+( ?[^\s]+)?×?$/.test(String(row[i] ?? ''))));
  const line = (row: string[]) =>
    row.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

export function figuresTable(figures: Figure[]): string {
  return table(
    ['benchmark', 'store', 'figure', 'value', 'goal', 'result'],
    figures.map((f) => [f.bench, f.backend, f.metric, formatNumber(f.value, f.unit), goalText(f), verdict(f)]),
  );
}

export function heading(title: string): void {
  console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 76 - title.length))}`);
}

/** Percentile by nearest rank (p in 0..100) of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(samples: number[]): number {
  return percentile(samples, 50);
}

export function mean(samples: number[]): number {
  return samples.reduce((sum, x) => sum + x, 0) / samples.length;
}

/** True when this module is the script node was started with (so a benchmark can run alone). */
export function isMain(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && importMetaUrl === pathToFileURL(entry).href;
}

/** A fresh folder under the OS temp dir, removed by the returned function. */
export function tempDir(label: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `pagelog-bench-${label}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

let postgresProbe: Promise<string | null> | undefined;

/**
 * The database the PostgreSQL parts use: BENCH_POSTGRES_URL, else TEST_POSTGRES_URL, else the
 * local default when it answers. Null (those parts are skipped) when none is reachable or
 * BENCH_POSTGRES=off.
 */
export function postgresUrl(): Promise<string | null> {
  postgresProbe ??= (async () => {
    if (/^(0|off|false|no)$/i.test(process.env.BENCH_POSTGRES ?? '')) return null;
    const configured = process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL || '';
    const url = configured || DEFAULT_POSTGRES_URL;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return url;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (configured) throw new Error(`PostgreSQL at ${redact(url)} is not reachable: ${why}`);
      console.log(`(PostgreSQL parts skipped: nothing answers at ${redact(url)}; set BENCH_POSTGRES_URL)`);
      return null;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return postgresProbe;
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/** A schema name nobody else uses: bench_<label>_<pid>_<random>. */
export function freshSchemaName(label: string): string {
  return `bench_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end().catch(() => {});
  }
}

export function newPool(url: string, options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...options });
  pool.on('error', () => {});
  return pool;
}

// ---------------------------------------------------------------------------------------------
// Realistic payloads

/** A small deterministic PRNG (mulberry32), so every run writes the same shapes. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (
  'het de een van en in is dat op te voor met zijn niet aan er ook als bij maar om dan nog ' +
  'pagina inhoud nieuws product dienst klant contact over ons team project oplossing service ' +
  'content beheer publicatie versie redactie website bezoeker artikel overzicht informatie'
).split(' ');

export function sentence(random: () => number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(words[Math.floor(random() * words.length)]!);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A page body as editors make it: a heading, two paragraphs of HTML, an image (about 1 KB). */
export function pageBlocks(random: () => number, variant = 0): Block[] {
  const paragraph = () => `<p>${sentence(random, 25 + Math.floor(random() * 30))}.</p><p>${sentence(random, 20 + Math.floor(random() * 20))}.</p>`;
  return [
    { type: 'heading', key: `h-${variant}`, props: { text: sentence(random, 5), level: 2 }, anchorPoint: 'intro', __images: [], __files: [] },
    { type: 'text', key: `t1-${variant}`, props: { html: paragraph() }, anchorPoint: '', __images: [], __files: [] },
    {
      type: 'image', key: `i-${variant}`,
      props: { url: `/media/${Math.floor(random() * 1e9).toString(16)}/photo.jpg`, alt: sentence(random, 4), caption: sentence(random, 6) },
      anchorPoint: '', __images: [], __files: [],
    },
    { type: 'text', key: `t2-${variant}`, props: { html: paragraph() }, anchorPoint: '', __images: [], __files: [] },
  ];
}

const ids = commandContext('bench', 'bench');

/** A UUIDv7, as the command side makes them. */
export function newId(): string {
  return ids.newId();
}

export function metadata(actorId = 'bench-user', occurredAt = new Date().toISOString()): EventMetadata {
  const correlationId = newId();
  return { actorId, correlationId, causationId: correlationId, occurredAt, schemaVersion: 1 };
}

/** A PageVersionStored event as the command side writes it. */
export function versionStoredEvent(random: () => number, pageId: string, versionId: string, n: number): NewEvent {
  return {
    id: newId(),
    type: 'PageVersionStored',
    data: {
      pageId,
      versionId,
      title: sentence(random, 4),
      blocks: pageBlocks(random, n),
      seoTitle: sentence(random, 6),
      seoDescription: sentence(random, 18),
      seoKeywords: [sentence(random, 1).toLowerCase(), sentence(random, 1).toLowerCase()],
      seoImage: [],
    },
    metadata: metadata(),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Runs `measure` on an embedded Pagelog over SQLite (a temp data folder), then over PostgreSQL
 * when a server answers (a fresh schema, dropped afterwards), each under a heading.
 */
export async function onEachStore(title: string, label: string, measure: (backend: Backend, env: Record<string, string>) => Promise<Figure[]>): Promise<Figure[]> {
  heading(`${title} · embedded, SQLite`);
  const dir = tempDir(label);
  const figures: Figure[] = [];
  try {
    figures.push(...(await measure('sqlite', { PAGELOG_DATA_DIR: dir.path })));
  } finally {
    dir.remove();
  }
  const url = await postgresUrl();
  if (!url) return figures;
  heading(`${title} · embedded, PostgreSQL`);
  const pgDir = tempDir(`${label}-pg`);
  const schema = freshSchemaName(label.replace(/[^a-z]/g, '').slice(0, 8));
  try {
    figures.push(...(await measure('postgres', { PAGELOG_DATA_DIR: pgDir.path, PAGELOG_STORE: 'postgres', DATABASE_URL: url, PAGELOG_PG_SCHEMA: schema })));
  } finally {
    await dropSchema(url, schema);
    pgDir.remove();
  }
  return figures;
}
