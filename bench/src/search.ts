/**
 * Benchmark: the site search (issue 15, "Figures").
 *
 * 1. **Search latency** at each size (default 10,000 and 100,000 published pages of Dutch and
 *    English text from `search/generate-page.ts`) on SQLite and PostgreSQL: the embedded product
 *    (`startPagelog`) with its search index filled directly through the port's `write` in batches
 *    (the documents the projector would make of those pages; the log holds no page events), then
 *    `POST /api/cms/search/search` through HTTP for a mix of terms, side by side in one loop with
 *    the same search through the port in-process and the bare FTS query on the adapter's own table
 *    in the same database (`search/raw-search.ts`). Goals: HTTP ≤ 2× the raw query; p95 ≤ 50 ms
 *    at 100,000 pages on SQLite.
 * 2. **Full reindex rate**: pages written as events (tags, PageCreated, PageVersionStored,
 *    PageTagsChanged, PagePublished on `page-<id>`), every projection and both search runners
 *    caught up, then `POST /search/index-all-pages` timed until the public target's reindex
 *    reports success (the runner reads every page's stream again and fills a new generation).
 * 3. **Admin page search** on the same site: `POST /page/list` with a searchTerm, signed in as the
 *    administrator, against the read-model substring search it replaced (FindOptions `search` on
 *    the pages collection, straight through the read-model store). Goal p95 ≤ 50 ms on SQLite.
 *
 * Flags (or environment): --sizes 2000,10000 (BENCH_SEARCH_SIZES), --calls per term and variant
 * (BENCH_SEARCH_CALLS; default 40, and 10 above 20,000 pages), --reindex-pages 10000 (BENCH_SEARCH_REINDEX_PAGES, 0 skips parts 2
 * and 3), --admin-calls 100 (BENCH_SEARCH_ADMIN_CALLS), --only latency|reindex.
 * PostgreSQL: BENCH_POSTGRES_URL, TEST_POSTGRES_URL or DATABASE_URL (see common.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { tagStream } from '@pagelog/contracts/events/tag-events';
import { readModels as readModelNames } from '@pagelog/contracts/read-models';
import { readIndexMeta, searchIndexerNames } from '@pagelog/contracts/search/index-meta';
import type { SearchResponse } from '@pagelog/contracts/search/search';
import { searchDocuments, type TagInfo } from '@pagelog/projector/search/search-document';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { StoredEvent } from '@pagelog/storage/event-store/load-stream';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import type { IndexQuery, SearchDocument, SearchTarget } from '@pagelog/storage/search-index/search-index';
import { loadConfig } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog, type RunningPagelog } from '@pagelog/server/embedded';
import { ApiClient, TEST_ADMIN } from '@pagelog/server/test-kit/api-client';
import {
  elapsedMs, figuresTable, heading, isMain, metadata, newId, newPool, onEachStore, percentile, sleep, table, type Backend, type Figure,
} from './common';
import { benchTags, generatePage, type BenchLocale, type GeneratedPage } from './search/generate-page';
import { PostgresRawSearch, SqliteRawSearch, type RawSearch } from './search/raw-search';
import { BenchClient } from './http-client';
import { MAX_ADMIN_SEARCH_MATCHES } from '@pagelog/query-service/pages/admin-page-search';

export interface SearchBenchOptions {
  /** Published pages in the index, ascending; the index grows from one size to the next. */
  sizes?: number[];
  /** Timed calls per term and variant (default 40, 10 above 20,000 pages). */
  calls?: number;
  /** Pages written as events for the reindex and the admin search (0: skip those parts). */
  reindexPages?: number;
  /** Timed admin searches per term. */
  adminCalls?: number;
  only?: 'latency' | 'reindex';
}

/** The options with their defaults (calls depend on the size when not given). */
type ResolvedOptions = Required<Omit<SearchBenchOptions, 'calls' | 'only'>> & Pick<SearchBenchOptions, 'calls' | 'only'>;

const SEED = 15;
const HTTP_GOAL_RATIO = 2;
const P95_GOAL_MS = 50;
/** The admin page search's goal per store (SQLite from issue 15; PostgreSQL as the page list's). */
const ADMIN_GOALS_MS: Record<Backend, number> = { sqlite: 50, postgres: 100 };

interface Term {
  kind: string;
  term: string;
  locale: BenchLocale;
  /** The words the bare FTS query looks for when they differ from the term (a typo or a prefix: the word meant). */
  raw?: string;
}

/** A visitor's searches on the site, each in its page's locale as the results page sends it. */
const TERMS: Term[] = [
  { kind: 'one word (common)', term: 'onderzoek', locale: 'nl-nl' },
  { kind: 'one word', term: 'jeugdzorg', locale: 'nl-nl' },
  { kind: 'one word', term: 'housing', locale: 'en-gb' },
  { kind: 'two words', term: 'regionale samenwerking', locale: 'nl-nl' },
  { kind: 'two words', term: 'labour market', locale: 'en-gb' },
  { kind: 'stemmed form', term: 'adviezen', locale: 'nl-nl' },
  { kind: 'stemmed form', term: 'municipalities', locale: 'en-gb' },
  { kind: 'without accent', term: 'enquete', locale: 'nl-nl' },
  { kind: 'typo', term: 'duurzaamhied', locale: 'nl-nl', raw: 'duurzaamheid' },
  { kind: 'typo', term: 'goverment', locale: 'en-gb', raw: 'government' },
  { kind: 'prefix', term: 'energietrans', locale: 'nl-nl' },
  // English Snowball stems sustainable and sustainability to "sustain": a bare prefix query on the stems finds nothing.
  { kind: 'prefix', term: 'sustainab', locale: 'en-gb', raw: 'sustainable' },
];

/** What editors type in the page overview's search box (titles and slugs). */
const ADMIN_TERMS = ['onderzoek', 'jeugdzorg', 'utrecht', 'regionale samenwerking', 'adviezen', 'energietrans', 'evalutie', 'municipalities'];

const languageOf = (locale: BenchLocale) => (locale === 'nl-nl' ? 'nl' : 'en');

// ---------------------------------------------------------------------------------------------
// Pages

/** A fixed date per page, a few years of publications, so the results' dates and order vary. */
function publishedAt(index: number): string {
  return new Date(Date.UTC(2019, 0, 1) + index * 2_711_000).toISOString();
}

/** The public tags of a locale in the latency part (no tag streams there: the documents carry them). */
function tagIdOf(locale: BenchLocale, index: number): string {
  return `bench-${locale}-${index}`;
}

/** The page's events as the command side writes them (PageCreated v2, PageVersionStored v2). */
function pageEvents(page: GeneratedPage, pageId: string, actorId: string, tagIds: string[], publish: boolean, occurredAt: string): NewEvent[] {
  const versionId = newId();
  const meta = metadata(actorId, occurredAt);
  const events: NewEvent[] = [
    {
      id: newId(),
      type: 'PageCreated',
      data: { pageId, translationGroupId: pageId, type: page.pageType, locale: page.locale, title: page.title, slug: page.slug, content: '', typeData: {}, versionId, copiedFrom: null },
      metadata: { ...meta, schemaVersion: 2 },
    },
    {
      id: newId(),
      type: 'PageVersionStored',
      data: { pageId, versionId, title: page.title, blocks: page.blocks, seoTitle: '', seoDescription: page.description, seoKeywords: [], seoImage: [] },
      metadata: { ...meta, schemaVersion: 2 },
    },
  ];
  if (tagIds.length > 0) {
    events.push({ id: newId(), type: 'PageTagsChanged', data: { pageId, locale: page.locale, tags: tagIds, added: tagIds, removed: [] }, metadata: meta });
  }
  if (publish) events.push({ id: newId(), type: 'PagePublished', data: { pageId, versionId, slug: page.slug, locale: page.locale }, metadata: meta });
  return events;
}

/** The public document the projector makes of a published page (search-document.ts), without the log. */
export function publicDocument(index: number): SearchDocument {
  const page = generatePage(SEED, index);
  const pageId = newId();
  const tagIds = page.tags.map((t) => tagIdOf(page.locale, t));
  const stored = pageEvents(page, pageId, 'bench-user', tagIds, true, publishedAt(index)).map(
    (event, i) => ({ ...event, stream: `page-${pageId}`, revision: i + 1, position: i + 1 }) as unknown as StoredEvent<PageStreamEvent>,
  );
  const tag = (id: string): TagInfo | undefined => {
    const [, locale, n] = /^bench-(.+)-(\d+)$/.exec(id) ?? [];
    return locale ? { name: benchTags(locale as BenchLocale)[Number(n)]!, visibility: 'public', locale } : undefined;
  };
  const doc = searchDocuments(stored, tag).public;
  if (!doc) throw new Error(`page ${index} made no public document`);
  return doc;
}

// ---------------------------------------------------------------------------------------------
// Helpers

function startProduct(env: Record<string, string>): Promise<RunningPagelog> {
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', PAGELOG_SEED: 'false',
    PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password, ...env,
  });
  return startPagelog(config, createLogger('silent'));
}

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await work();
  return [result, elapsedMs(start)];
}

/**
 * Runs `work` under the V8 profiler when BENCH_SEARCH_PROFILE names a folder, and writes
 * `<label>.cpuprofile` there (for Chrome DevTools): to see where a figure's time goes.
 */
async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_SEARCH_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${label}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`(CPU profile written to ${file})`);
  }
}

const ms = (value: number) => value.toFixed(2);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** Waits until every projection and both search runners have reached the log's head, telling who lags every 15 s. */
async function settle(running: RunningPagelog): Promise<void> {
  const head = await running.stores.eventStore.headPosition();
  const names = [...new Set([...running.projector.runners.map((r) => r.projection.name), ...Object.values(searchIndexerNames)])];
  const readModels = running.stores.readModels;
  for (let waited = 0; !(await readModels.waitForCheckpoints(names, head, 15_000)); waited += 15) {
    if (waited > 3600) throw new Error('the projections did not catch up within an hour');
    const lagging = (await readModels.getCheckpoints()).filter((c) => names.includes(c.name) && c.position < head);
    console.log(`  … catching up to ${head.toLocaleString('en-US')}: ${lagging.map((c) => `${c.name} ${c.position.toLocaleString('en-US')}`).join(', ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Search latency

async function fill(running: RunningPagelog, from: number, to: number): Promise<number> {
  const index = running.stores.searchIndex;
  const { active } = await index.state('public');
  const start = process.hrtime.bigint();
  const batch = 1000;
  for (let i = from; i < to; i += batch) {
    const put = Array.from({ length: Math.min(batch, to - i) }, (_, k) => publicDocument(i + k));
    await index.write('public', { put, generations: [active] });
    if ((i - from) % 20_000 === 0 && i > from) process.stdout.write(`  … ${i.toLocaleString('en-US')} documents\n`);
  }
  return elapsedMs(start) / 1000;
}

async function measureLatency(backend: Backend, env: Record<string, string>, options: ResolvedOptions): Promise<Figure[]> {
  const running = await startProduct(env);
  const raw: RawSearch =
    backend === 'sqlite' ? new SqliteRawSearch(join(env.PAGELOG_DATA_DIR!, 'pagelog.db')) : new PostgresRawSearch(env.DATABASE_URL!, env.PAGELOG_PG_SCHEMA!);
  const figures: Figure[] = [];
  const client = new BenchClient(running.url);
  try {
    const index = running.stores.searchIndex;
    const http = async (term: Term) => {
      const { status, body } = (await client.call('POST', '/api/cms/search/search', { term: term.term, locales: [term.locale], count: 10, offset: 0 })) as {
        status: number;
        body: { data: SearchResponse };
      };
      if (status !== 200) throw new Error(`search "${term.term}": ${status} ${JSON.stringify(body)}`);
      return body.data.total;
    };
    // What the query service asks of the index for that request (public-search.ts).
    const port = async (term: Term) => {
      const query: IndexQuery = { term: term.term, locales: [term.locale], pageTypes: [], tags: [], count: 10, offset: 0, fields: 'full' };
      return (await index.search('public', query)).total;
    };
    const bare = async (term: Term) => (await raw.search(term.raw ?? term.term, languageOf(term.locale))).length;
    // The floor of an API call here: a public query that reads one small document.
    const floor = async () => {
      const { status } = await client.call('GET', '/api/cms/settings/get');
      if (status !== 200) throw new Error(`settings/get: ${status}`);
    };
    const variants = { http, port, raw: bare } as const;
    type VariantName = keyof typeof variants;
    const names = Object.keys(variants) as VariantName[];

    let filled = 0;
    for (const size of options.sizes) {
      const seconds = await fill(running, filled, size);
      console.log(`\n${size.toLocaleString('en-US')} published pages: ${(size - filled).toLocaleString('en-US')} documents written through the port's write in batches of 1,000 in ${seconds.toFixed(1)} s (${Math.round((size - filled) / seconds).toLocaleString('en-US')} documents/s; not a reindex)`);
      filled = size;
      // What autovacuum does within a minute of a bulk load (visibility map, statistics), before
      // the raw query and the product are timed alike; a freshly loaded table is not what a site
      // searches in steady state.
      if (backend === 'postgres') await vacuumSearchTables(env.DATABASE_URL!, env.PAGELOG_PG_SCHEMA!);
      // The writes held the event loop for minutes: let the idle keep-alive connection of the
      // client and the server's end of it time out now, not under the first timed request.
      await sleep(6_000);

      const samples = new Map<string, number[]>(TERMS.flatMap((t) => names.map((v) => [`${t.term}|${v}`, []] as [string, number[]])));
      const totals = new Map<string, { total: number; raw: number }>();
      for (const term of TERMS) {
        for (let w = 0; w < 3; w++) for (const v of names) await variants[v](term);
        totals.set(term.term, { total: await http(term), raw: await bare(term) });
      }
      // Rounds: every term once per variant, the variant that goes first rotating, so a hiccup
      // of the machine lands on all of them alike.
      const floorSamples: number[] = [];
      const calls = options.calls ?? (size <= 20_000 ? 40 : 10);
      await profiled(`search-${backend}-${size}`, async () => {
        for (let round = 0; round < calls; round++) {
          floorSamples.push((await time(floor))[1]);
          for (const term of TERMS) {
            for (let k = 0; k < names.length; k++) {
              const v = names[(round + k) % names.length]!;
              const [, took] = await time(() => variants[v](term));
              samples.get(`${term.term}|${v}`)!.push(took);
            }
          }
        }
      });
      const pooled = (v: VariantName) => TERMS.flatMap((t) => samples.get(`${t.term}|${v}`)!);
      const rows = TERMS.map((term) => {
        const s = (v: VariantName) => samples.get(`${term.term}|${v}`)!;
        const { total, raw: rawHits } = totals.get(term.term)!;
        return [
          `${term.kind}: "${term.term}"${term.raw ? ` (raw: "${term.raw}")` : ''}`,
          total,
          rawHits,
          `${ms(percentile(s('http'), 50))} / ${ms(percentile(s('http'), 95))}`,
          `${ms(percentile(s('port'), 50))} / ${ms(percentile(s('port'), 95))}`,
          `${ms(percentile(s('raw'), 50))} / ${ms(percentile(s('raw'), 95))}`,
          ratio(percentile(s('http'), 50), percentile(s('raw'), 50)),
        ];
      });
      const all = { http: pooled('http'), port: pooled('port'), raw: pooled('raw') };
      rows.push([
        'all terms',
        '',
        '',
        `${ms(percentile(all.http, 50))} / ${ms(percentile(all.http, 95))}`,
        `${ms(percentile(all.port, 50))} / ${ms(percentile(all.port, 95))}`,
        `${ms(percentile(all.raw, 50))} / ${ms(percentile(all.raw, 95))}`,
        ratio(percentile(all.http, 50), percentile(all.raw, 50)),
      ]);
      rows.push(['(context: GET /settings/get, the floor of an API call)', '', '', `${ms(percentile(floorSamples, 50))} / ${ms(percentile(floorSamples, 95))}`, '', '', '']);
      console.log(`${calls} calls per term and variant, in turns; times in ms, p50 / p95`);
      console.log(table(['term', 'total', 'raw rows', 'HTTP', 'port (in-process)', 'raw FTS', 'HTTP/raw p50'], rows));
      const p50Ratio = percentile(all.http, 50) / percentile(all.raw, 50);
      const p95Ratio = percentile(all.http, 95) / percentile(all.raw, 95);
      const p95 = percentile(all.http, 95);
      console.log(`HTTP/raw: p50 ${p50Ratio.toFixed(2)}×, p95 ${p95Ratio.toFixed(2)}× (goal <= ${HTTP_GOAL_RATIO}× → ${p50Ratio <= HTTP_GOAL_RATIO ? 'PASS' : 'MISS'} on p50, ${p95Ratio <= HTTP_GOAL_RATIO ? 'PASS' : 'MISS'} on p95)`);
      if (backend === 'sqlite' && size >= 100_000) console.log(`goal: p95 <= ${P95_GOAL_MS} ms at ${size.toLocaleString('en-US')} pages on SQLite → ${p95 <= P95_GOAL_MS ? 'PASS' : 'MISS'}`);
      const at = `${size.toLocaleString('en-US')} pages`;
      const sqliteGoal = backend === 'sqlite' && size >= 100_000 ? { goal: { op: '<=' as const, target: P95_GOAL_MS } } : {};
      figures.push(
        { bench: 'search', backend, metric: `HTTP p50 (${at})`, value: percentile(all.http, 50), unit: 'ms' },
        { bench: 'search', backend, metric: `HTTP p95 (${at})`, value: p95, unit: 'ms', ...sqliteGoal },
        { bench: 'search', backend, metric: `raw FTS p50 (${at})`, value: percentile(all.raw, 50), unit: 'ms' },
        { bench: 'search', backend, metric: `raw FTS p95 (${at})`, value: percentile(all.raw, 95), unit: 'ms' },
        { bench: 'search', backend, metric: `HTTP/raw, p50 (${at})`, value: p50Ratio, unit: '×', goal: { op: '<=', target: HTTP_GOAL_RATIO } },
        { bench: 'search', backend, metric: `HTTP/raw, p95 (${at})`, value: p95Ratio, unit: '×', goal: { op: '<=', target: HTTP_GOAL_RATIO } },
      );
    }
    return figures;
  } finally {
    client.close();
    await raw.close();
    await running.close();
  }
}

/** VACUUM (ANALYZE) of the schema's search tables. */
async function vacuumSearchTables(url: string, schema: string): Promise<void> {
  const pool = newPool(url, { max: 1 });
  try {
    const { rows } = await pool.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 AND tablename LIKE 'search\\_%'",
      [schema],
    );
    for (const { name } of rows) await pool.query(`VACUUM (ANALYZE) ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`);
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------------------------------------
// 2 and 3. Reindex rate and the admin page search

/** Writes the site as events: the tags, then every page (nine in ten published). */
async function writeSite(store: EventStore, actorId: string, pages: number): Promise<void> {
  const tagIds = new Map<BenchLocale, string[]>();
  for (const locale of ['nl-nl', 'en-gb'] as const) {
    const ids: string[] = [];
    for (const name of benchTags(locale)) {
      const tagId = newId();
      await store.append(tagStream(tagId), [{ id: newId(), type: 'TagCreated', data: { tagId, locale, visibility: 'public', name }, metadata: metadata(actorId) }], 0);
      ids.push(tagId);
    }
    tagIds.set(locale, ids);
  }
  for (let i = 0; i < pages; i++) {
    const page = generatePage(SEED, i);
    const pageId = newId();
    const tags = page.tags.map((t) => tagIds.get(page.locale)![t]!);
    await store.append(pageStream(pageId), pageEvents(page, pageId, actorId, tags, i % 10 !== 9, publishedAt(i)), 0);
  }
}

/**
 * Loading is not what is measured: the log is written while the product is stopped, without
 * waiting for the disk (SQLite synchronous=OFF, then back to FULL with the WAL folded in;
 * PostgreSQL synchronous_commit=off), as rebuild.ts does.
 */
async function loadSite(backend: Backend, env: Record<string, string>, actorId: string, pages: number): Promise<void> {
  if (backend === 'sqlite') {
    const db = openDatabase(join(env.PAGELOG_DATA_DIR!, 'pagelog.db'));
    try {
      db.pragma('synchronous = OFF');
      await writeSite(new SqliteEventStore(db), actorId, pages);
      db.pragma('synchronous = FULL');
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    return;
  }
  const pool = newPool(env.DATABASE_URL!, { max: 2, options: '-c synchronous_commit=off' });
  try {
    const store = new PostgresEventStore({ pool, schema: env.PAGELOG_PG_SCHEMA! });
    await writeSite(store, actorId, pages);
    await store.close();
    await pool.query(`VACUUM (ANALYZE) ${pg.escapeIdentifier(env.PAGELOG_PG_SCHEMA!)}.es_events`);
  } finally {
    await pool.end();
  }
}

interface ReindexTiming {
  seconds: number;
  done: number;
  total: number;
}

/** Polls a target's meta until the reindex of `requestId` is over; answers when it was. */
async function reindexFinished(running: RunningPagelog, target: SearchTarget, requestId: string, start: bigint): Promise<ReindexTiming> {
  for (;;) {
    const indexing = readIndexMeta((await running.stores.searchIndex.state(target)).meta).indexing;
    if (indexing?.requestId === requestId && indexing.state === 'error') throw new Error(`reindex of ${target} failed: ${indexing.error}`);
    if (indexing?.requestId === requestId && indexing.state === 'success') return { seconds: elapsedMs(start) / 1000, done: indexing.done, total: indexing.total };
    await sleep(10);
  }
}

async function measureReindex(backend: Backend, env: Record<string, string>, options: ResolvedOptions): Promise<Figure[]> {
  const pages = options.reindexPages;
  // A first start makes the administrator; the site is written while the product is stopped, and
  // the second start catches every projection and both search targets up from the log.
  const first = await startProduct(env);
  const me = (await (await ApiClient.loggedIn(first.url)).get<{ ID: string }>('/user')).body.data.ID;
  await first.close();
  const loadStart = process.hrtime.bigint();
  await loadSite(backend, env, me, pages);
  const loaded = elapsedMs(loadStart) / 1000;
  const catchUpStart = process.hrtime.bigint();
  const running = await startProduct(env);
  try {
    await settle(running);
    console.log(`product: ${running.stores.describe}; ${pages.toLocaleString('en-US')} pages (nine in ten published, 0–3 of 40 tags) written as events in ${loaded.toFixed(1)} s; every projection and both search targets caught up from the log in ${(elapsedMs(catchUpStart) / 1000).toFixed(1)} s`);
    const admin = await ApiClient.loggedIn(running.url);
    const figures: Figure[] = [];

    // 3. The admin page search, against the read-model substring search it replaced.
    const collection = readModelNames.pages.collection;
    const readModels = running.stores.readModels;
    const listBody = (searchTerm?: string) => ({ pageIndex: 0, pageSize: 25, ...(searchTerm ? { searchTerm } : {}) });
    const list = async (searchTerm?: string) => {
      const reply = await admin.post<{ totalItems: number }>('/page/list', listBody(searchTerm));
      if (reply.status !== 200) throw new Error(`page/list "${searchTerm}": ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
      return reply.body.data.totalItems;
    };
    // What page/list did before issue 15 with a search term: a substring of title or slug, newest change first.
    const substring = async (term: string) => {
      const filter = { where: {}, search: { term, fields: ['title', 'slug'] } };
      const [, total] = await Promise.all([
        readModels.find(collection, { ...filter, orderBy: { field: 'updatedAt', direction: 'desc' }, limit: 25, offset: 0 }),
        readModels.count(collection, filter),
      ]);
      return total;
    };
    // Where page/list's time goes, in-process: the admin target's search as admin-page-search.ts
    // asks it (up to 1,000 matches, titles and slugs), and reading those pages from the read model.
    const indexSearch = async (term: string) =>
      running.stores.searchIndex.search('admin', { term, locales: [], pageTypes: [], tags: [], count: MAX_ADMIN_SEARCH_MATCHES, offset: 0, fields: 'title-slug' });
    const variants = {
      list: (term: string) => list(term),
      index: async (term: string) => (await indexSearch(term)).total,
      getMany: async (_term: string, ids: string[]) => (await readModels.getMany(collection, ids)).size,
      baseline: (term: string) => substring(term),
    } satisfies Record<string, (term: string, ids: string[]) => Promise<number>>;
    type AdminVariant = keyof typeof variants;
    const adminNames = Object.keys(variants) as AdminVariant[];
    const adminSamples = new Map<AdminVariant, number[]>(adminNames.map((v) => [v, []]));
    const browse: number[] = [];
    const adminRows: (string | number)[][] = [];
    const cell = (samples: number[]) => `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 95))}`;
    await profiled(`admin-search-${backend}-${pages}`, async () => {
      for (const term of ADMIN_TERMS) {
        const ids = (await indexSearch(term)).hits.map((hit) => hit.id);
        for (let w = 0; w < 5; w++) for (const v of adminNames) await variants[v](term, ids);
        const found = { search: await list(term), baseline: await substring(term) };
        const samples = new Map<AdminVariant, number[]>(adminNames.map((v) => [v, []]));
        for (let i = 0; i < options.adminCalls; i++) {
          for (let k = 0; k < adminNames.length; k++) {
            const v = adminNames[(i + k) % adminNames.length]!;
            samples.get(v)!.push((await time(() => variants[v](term, ids)))[1]);
          }
        }
        for (const v of adminNames) adminSamples.get(v)!.push(...samples.get(v)!);
        adminRows.push([`"${term}"`, found.search, found.baseline, ...adminNames.map((v) => cell(samples.get(v)!))]);
      }
      for (let i = 0; i < options.adminCalls; i++) browse.push((await time(() => list()))[1]);
    });
    adminRows.push(['all terms', '', '', ...adminNames.map((v) => cell(adminSamples.get(v)!))]);
    adminRows.push(['(context: page/list without a term)', '', '', cell(browse), '', '', '']);
    heading(`admin page search · ${pages.toLocaleString('en-US')} pages · ${backend}`);
    console.log(`${options.adminCalls} calls per term and variant, in turns; times in ms, p50 / p95. In-process parts of page/list: the admin`);
    console.log(`target's search (up to ${MAX_ADMIN_SEARCH_MATCHES.toLocaleString('en-US')} matches) and getMany of the pages it found. Baseline: the substring find + count page/list ran before.`);
    console.log(table(['term', 'found', 'found (substring)', 'page/list, HTTP', 'index search', 'getMany', 'baseline (store)'], adminRows));
    const adminGoal = ADMIN_GOALS_MS[backend];
    const searchSamples = adminSamples.get('list')!;
    const adminP95 = percentile(searchSamples, 95);
    console.log(`goal: admin page search p95 <= ${adminGoal} ms → ${adminP95 <= adminGoal ? 'PASS' : 'MISS'}`);
    const at = `${pages.toLocaleString('en-US')} pages`;
    figures.push(
      { bench: 'search', backend, metric: `admin page search p50 (${at})`, value: percentile(searchSamples, 50), unit: 'ms' },
      { bench: 'search', backend, metric: `admin page search p95 (${at})`, value: adminP95, unit: 'ms', goal: { op: '<=', target: adminGoal } },
      { bench: 'search', backend, metric: `baseline: substring find + count p95 (${at})`, value: percentile(adminSamples.get('baseline')!, 95), unit: 'ms' },
    );

    // 2. A full reindex, from the request to success.
    heading(`full reindex · ${pages.toLocaleString('en-US')} pages · ${backend}`);
    const before = await running.stores.searchIndex.count('public');
    const start = process.hrtime.bigint();
    const reply = await admin.post<{ requestId: string }>('/search/index-all-pages');
    if (reply.status !== 200) throw new Error(`index-all-pages: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
    const { requestId } = reply.body.data;
    const [publicDone, adminDone] = await profiled(`reindex-${backend}-${pages}`, () =>
      Promise.all([reindexFinished(running, 'public', requestId, start), reindexFinished(running, 'admin', requestId, start)]),
    );
    const after = await running.stores.searchIndex.count('public');
    const rate = publicDone.done / publicDone.seconds;
    console.log(table(
      ['target', 'pages gone through', 'seconds', 'pages/s', 'documents before → after'],
      [
        ['public (the site search)', publicDone.done, publicDone.seconds.toFixed(2), Math.round(rate), `${before} → ${after}`],
        ['admin (titles and slugs; runs at the same time)', adminDone.done, adminDone.seconds.toFixed(2), Math.round(adminDone.done / adminDone.seconds), ''],
      ],
    ));
    console.log('Each page of the pages read model is read again from its stream (drafts too: they are taken out); times run from the request to the target reporting success.');
    figures.push({ bench: 'search', backend, metric: `full reindex, public target (${pages.toLocaleString('en-US')} pages)`, value: rate, unit: 'pages/s', note: `${publicDone.seconds.toFixed(1)} s` });
    return figures;
  } finally {
    await running.close();
  }
}

// ---------------------------------------------------------------------------------------------

function listOf(text: string | undefined): number[] | undefined {
  if (!text) return undefined;
  const values = text.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  if (values.some((value) => !Number.isSafeInteger(value) || value <= 0)) throw new Error(`--sizes: whole numbers above 0, separated by commas (got "${text}")`);
  return [...new Set(values)].sort((x, y) => x - y);
}

export function searchOptions(argv: string[] = process.argv.slice(2)): ResolvedOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string' },
      calls: { type: 'string' },
      'reindex-pages': { type: 'string' },
      'admin-calls': { type: 'string' },
      only: { type: 'string' },
    },
  });
  const only = values.only ?? process.env.BENCH_SEARCH_ONLY ?? '';
  if (only !== '' && only !== 'latency' && only !== 'reindex') throw new Error(`--only: latency or reindex (got "${only}")`);
  return {
    sizes: listOf(values.sizes ?? process.env.BENCH_SEARCH_SIZES) ?? [10_000, 100_000],
    calls: (values.calls ?? process.env.BENCH_SEARCH_CALLS) ? Number(values.calls ?? process.env.BENCH_SEARCH_CALLS) : undefined,
    reindexPages: Number(values['reindex-pages'] ?? process.env.BENCH_SEARCH_REINDEX_PAGES ?? 10_000),
    adminCalls: Number(values['admin-calls'] ?? process.env.BENCH_SEARCH_ADMIN_CALLS ?? 100),
    only: only === '' ? undefined : only,
  };
}

export async function runSearch(options: ResolvedOptions = searchOptions([])): Promise<Figure[]> {
  // DATABASE_URL also names the PostgreSQL to use, after the bench's own variables.
  if (process.env.DATABASE_URL && !process.env.BENCH_POSTGRES_URL && !process.env.TEST_POSTGRES_URL) process.env.BENCH_POSTGRES_URL = process.env.DATABASE_URL;
  const figures: Figure[] = [];
  if (options.only !== 'reindex') {
    figures.push(...(await onEachStore(`search latency, ${options.sizes.map((s) => s.toLocaleString('en-US')).join(' and ')} pages`, 'search', (backend, env) => measureLatency(backend, env, options))));
  }
  if (options.only !== 'latency' && options.reindexPages > 0) {
    figures.push(...(await onEachStore(`reindex and admin page search, ${options.reindexPages.toLocaleString('en-US')} pages`, 'search-reindex', (backend, env) => measureReindex(backend, env, options))));
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runSearch(searchOptions());
  heading('search · summary');
  console.log(figuresTable(figures));
}
