/**
 * Benchmark 3: command-acknowledged-to-query-visible lag of the whole product, run in-process
 * with `startPagelog` (HTTP on an ephemeral port, the projector in the same process).
 *
 * For every command (create a page, then store versions of it) the clock starts when the
 * command's HTTP response has been read (the client now holds `position`) and stops when a
 * GET /api/cms/page/:id first answers with the command's revision:
 *   - read-your-writes: one GET carrying X-Pagelog-Min-Position = position, so the query
 *     service itself waits for the projection (the way the admin works);
 *   - plain polling: GETs without the header, back to back, until the revision shows.
 */
import type { Block } from '@pagelog/contracts/blocks/block';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@pagelog/contracts/envelope';
import { loadConfig } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog, type RunningPagelog } from '@pagelog/server/embedded';
import { ApiClient, TEST_ADMIN } from '@pagelog/server/test-kit/api-client';
import {
  dropSchema, elapsedMs, figuresTable, freshSchemaName, heading, isMain, pageBlocks, percentile,
  postgresUrl, prng, sentence, table, tempDir, type Backend, type Figure,
} from './common';

export const LAG_GOALS_MS: Record<Backend, number> = { sqlite: 20, postgres: 100 };

export interface LagOptions {
  /** Pages per variant; each page takes 1 create + `storesPerPage` store commands. */
  pages?: number;
  storesPerPage?: number;
}

interface Envelope<T> {
  Success: boolean;
  data: T;
}

interface CommandReply {
  pageID: string;
  pageVersionID: string;
  revision: number;
  position: number;
}

interface Sample {
  kind: 'create' | 'store';
  commandMs: number;
  lagMs: number;
  /** GET requests it took until the command showed. */
  requests: number;
  stale: boolean;
}

class Client {
  /** Session cookie and CSRF token of the administrator the client acts as. */
  private auth: Record<string, string> = {};
  constructor(private readonly base: string) {}

  async logIn(): Promise<void> {
    const admin = await ApiClient.loggedIn(this.base);
    this.auth = { Cookie: admin.cookie!, 'X-CSRF-Token': admin.csrfToken! };
  }

  async command(path: string, body: unknown): Promise<{ reply: CommandReply; ms: number }> {
    const start = process.hrtime.bigint();
    const response = await fetch(`${this.base}/api/cms${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...this.auth },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<CommandReply>;
    const ms = elapsedMs(start);
    if (!response.ok || !envelope.Success) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(envelope)}`);
    const header = Number(response.headers.get(POSITION_HEADER));
    if (header !== envelope.data.position) throw new Error(`POST ${path}: ${POSITION_HEADER} ${header} ≠ body position ${envelope.data.position}`);
    return { reply: envelope.data, ms };
  }

  /** GET the page; null when it is not there (yet). */
  async page(id: string, minPosition?: number): Promise<{ revision: number | null; stale: boolean }> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...this.auth };
    if (minPosition !== undefined) headers[MIN_POSITION_HEADER] = String(minPosition);
    const response = await fetch(`${this.base}/api/cms/page/${encodeURIComponent(id)}`, { headers });
    const stale = response.headers.get('X-Pagelog-Stale') === 'true';
    if (response.status === 404) {
      await response.arrayBuffer();
      return { revision: null, stale };
    }
    const envelope = (await response.json()) as Envelope<{ revision: number }>;
    if (!response.ok) throw new Error(`GET page ${id}: ${response.status} ${JSON.stringify(envelope)}`);
    return { revision: envelope.data.revision, stale };
  }
}

/** How long until the page shows `revision`, measured from now. */
async function visible(client: Client, pageId: string, revision: number, position: number, mode: 'min-position' | 'polling'): Promise<{ ms: number; requests: number; stale: boolean }> {
  const start = process.hrtime.bigint();
  let requests = 0;
  let stale = false;
  for (;;) {
    requests += 1;
    const seen = await client.page(pageId, mode === 'min-position' ? position : undefined);
    stale ||= seen.stale;
    if (seen.revision !== null && seen.revision >= revision) return { ms: elapsedMs(start), requests, stale };
    if (elapsedMs(start) > 10_000) throw new Error(`page ${pageId} did not reach revision ${revision} within 10 s`);
  }
}

async function session(client: Client, mode: 'min-position' | 'polling', pages: number, storesPerPage: number, seed: number, measure = true): Promise<Sample[]> {
  const random = prng(seed);
  const samples: Sample[] = [];
  const tag = `${mode}-${seed}-${Math.random().toString(36).slice(2, 7)}`;
  for (let p = 0; p < pages; p++) {
    const created = await client.command('/page/create', {
      title: sentence(random, 4), slug: `lag-${tag}-${p}`, type: 'article', locale: 'nl-nl', content: '', typeData: {},
    });
    let { pageID, pageVersionID, revision, position } = created.reply;
    const first = await visible(client, pageID, revision, position, mode);
    if (measure) samples.push({ kind: 'create', commandMs: created.ms, lagMs: first.ms, requests: first.requests, stale: first.stale });
    for (let s = 0; s < storesPerPage; s++) {
      const blocks: Block[] = pageBlocks(random, s);
      const stored = await client.command(`/page/version/${encodeURIComponent(pageVersionID)}/store`, {
        pageID, revision, title: sentence(random, 4), blocks,
        seoTitle: sentence(random, 6), seoDescription: sentence(random, 16), seoKeywords: ['bench'], seoImage: [],
      });
      ({ pageVersionID, revision, position } = stored.reply);
      const seen = await visible(client, pageID, revision, position, mode);
      if (measure) samples.push({ kind: 'store', commandMs: stored.ms, lagMs: seen.ms, requests: seen.requests, stale: seen.stale });
    }
  }
  return samples;
}

interface Summary {
  mode: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  command50: number;
  requests: number;
  stale: number;
  /** Commands the very first GET already showed. */
  firstTry: number;
}

function summarise(mode: string, samples: Sample[]): Summary {
  const lags = samples.map((s) => s.lagMs);
  return {
    mode,
    n: samples.length,
    p50: percentile(lags, 50),
    p95: percentile(lags, 95),
    max: Math.max(...lags),
    command50: percentile(samples.map((s) => s.commandMs), 50),
    requests: samples.reduce((sum, s) => sum + s.requests, 0) / samples.length,
    stale: samples.filter((s) => s.stale).length,
    firstTry: samples.filter((s) => s.requests === 1).length / samples.length,
  };
}

async function measureLag(backend: Backend, env: Record<string, string>, options: LagOptions): Promise<Figure[]> {
  const pages = options.pages ?? 60;
  const storesPerPage = options.storesPerPage ?? 4;
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PAGELOG_SEED: 'false',
    PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password, ...env,
  });
  const running: RunningPagelog = await startPagelog(config, createLogger('silent'));
  try {
    console.log(`product: ${running.stores.describe} at ${running.url}; ${pages} pages × (1 create + ${storesPerPage} stores) per variant`);
    const client = new Client(running.url);
    await client.logIn();
    // Warm-up: JIT, prepared statements, connection pools, keep-alive sockets.
    await session(client, 'min-position', 5, storesPerPage, 1, false);
    await session(client, 'polling', 5, storesPerPage, 2, false);
    const withHeader = summarise('read-your-writes (X-Pagelog-Min-Position)', await session(client, 'min-position', pages, storesPerPage, 3));
    const polling = summarise('plain polling (no header)', await session(client, 'polling', pages, storesPerPage, 4));
    const goal = LAG_GOALS_MS[backend];
    console.log(table(
      ['variant', 'commands', 'lag p50 ms', 'lag p95 ms', 'lag max ms', 'GETs/cmd', 'seen on 1st GET', 'stale', 'command p50 ms'],
      [withHeader, polling].map((s) => [s.mode, s.n, s.p50.toFixed(2), s.p95.toFixed(2), s.max.toFixed(2), s.requests.toFixed(2), `${Math.round(s.firstTry * 100)}%`, s.stale, s.command50.toFixed(2)]),
    ));
    console.log('lag = command response read → first GET answer showing the new revision (includes that GET round trip)');
    console.log(`goal: read-your-writes lag p95 <= ${goal} ms → ${withHeader.p95 <= goal ? 'PASS' : 'MISS'}`);
    return [
      { bench: 'lag', backend, metric: 'lag p50 (min-position)', value: withHeader.p50, unit: 'ms' },
      { bench: 'lag', backend, metric: 'lag p95 (min-position)', value: withHeader.p95, unit: 'ms', goal: { op: '<=', target: goal } },
      { bench: 'lag', backend, metric: 'lag max (min-position)', value: withHeader.max, unit: 'ms' },
      { bench: 'lag', backend, metric: 'lag p95 (plain polling)', value: polling.p95, unit: 'ms' },
    ];
  } finally {
    await running.close();
  }
}

export async function lagSqlite(options: LagOptions = {}): Promise<Figure[]> {
  heading('lag · embedded, SQLite');
  const dir = tempDir('lag');
  try {
    return await measureLag('sqlite', { PAGELOG_DATA_DIR: dir.path }, options);
  } finally {
    dir.remove();
  }
}

export async function lagPostgres(url: string, options: LagOptions = {}): Promise<Figure[]> {
  heading('lag · embedded, PostgreSQL');
  const dir = tempDir('lag-pg');
  const schema = freshSchemaName('lag');
  try {
    return await measureLag('postgres', {
      PAGELOG_DATA_DIR: dir.path, PAGELOG_STORE: 'postgres', DATABASE_URL: url, PAGELOG_PG_SCHEMA: schema,
    }, options);
  } finally {
    await dropSchema(url, schema);
    dir.remove();
  }
}

export async function runLag(options: LagOptions = {}): Promise<Figure[]> {
  const figures = await lagSqlite(options);
  const url = await postgresUrl();
  if (url) figures.push(...(await lagPostgres(url, options)));
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runLag();
  heading('lag · summary');
  console.log(figuresTable(figures));
}
