/**
 * Issue 17: the site as of a past position, through the product (decision 0005 made real). The
 * rebuild benchmark's log (2,500 pages, 100,001 events) is written into a fresh store, the
 * product starts on it (its projections write the history as they take the log in), and then,
 * at four positions of the log, through HTTP:
 * - one page as of P: POST /time-travel/site-read pageBySlug (the look-up the site makes), and
 *   the whole page as a visitor of the link gets it (GET /<path> with the link's cookie);
 * - the site's page list as of P: pageList (the first 50 and the total);
 * with, in the same run, the same reads of the present as the baseline (GET page/get-by-slug-query
 * and POST page/public-list). Goal: one page as of P, p95 ≤ 50 ms.
 *
 *   cd bench && npm run time-travel-http        # SQLite, and PostgreSQL when it answers
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { ApiClient } from '@pagelog/server/test-kit/api-client';
import type { RunningProcess } from '@pagelog/server/test-kit/processes';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { dropSchema, freshSchemaName, heading, isMain, newPool, percentile, postgresUrl, table, tempDir } from './common';
import { writeLog } from './rebuild';
import { startPagelog } from './site-cache';

/** A large log takes the product minutes to take in before it answers. */
const START_TIMEOUT_MS = 1_200_000;

const PAGES = Number(process.env.BENCH_TT_PAGES ?? 2500);
const RUNS = Number(process.env.BENCH_TT_RUNS ?? 100);
const GOAL_MS = 50;

async function timed(runs: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    const started = performance.now();
    await call(i);
    if (i >= 10) samples.push(performance.now() - started);
  }
  return samples;
}

const fmt = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)}`;

async function measure(label: string, url: string): Promise<(string | number)[][]> {
  const admin = await ApiClient.loggedIn(url);
  const anonymous = new ApiClient(url);
  // Measured once the product is idle: every projection, reactor and search indexer at the head.
  for (let waited = 0; ; waited += 500) {
    const status = (await admin.get('/system/projections')).body.data as { lag: number }[];
    if (status.every((s) => s.lag === 0) || waited > 600_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const moment = (await admin.get('/time-travel/moment')).body.data as { headPosition: number };
  const positions = [23_456, 51_234, 88_888, moment.headPosition];
  const rows: (string | number)[][] = [];
  const ok = (reply: { status: number; body: { Errors?: unknown } }, what: string) => {
    if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body.Errors)}`);
  };
  for (const position of positions) {
    const link = (await admin.post('/time-travel/link', { position, hours: 1 })).body.data as { url: string };
    const token = link.url.slice('/_asof/'.length);
    const opened = await fetch(`${url}${link.url}`, { redirect: 'manual' });
    const cookie = opened.headers.getSetCookie()[0]!.split(';')[0]!;
    const listQuery = { locale: 'nl-nl', type: '', count: 50, offset: 0 };
    const list = (await anonymous.post('/time-travel/site-read', { token, read: 'pageList', args: [listQuery] })).body.data.value as { total: number; items: { path: string }[] };
    const paths = list.items.map((i) => i.path);
    if (paths.length === 0) throw new Error(`no page live at ${position}`);
    const lookUp = await timed(RUNS, async (i) => ok(await anonymous.post('/time-travel/site-read', { token, read: 'pageBySlug', args: [paths[i % paths.length]] }), 'pageBySlug'));
    const whole = await timed(RUNS, async (i) => {
      const res = await fetch(`${url}${paths[i % paths.length]}`, { headers: { Cookie: cookie } });
      const body = await res.text();
      if (res.status !== 200 || !body.includes('as-of-banner')) throw new Error(`page as of ${position}: ${res.status}`);
    });
    const listed = await timed(Math.ceil(RUNS / 2), async () => ok(await anonymous.post('/time-travel/site-read', { token, read: 'pageList', args: [listQuery] }), 'pageList'));
    // The present, in the same run: the same look-ups and list over the live documents.
    const nowLookUp = await timed(RUNS, async (i) => ok(await anonymous.get(`/page/get-by-slug-query?slug=${encodeURIComponent(paths[i % paths.length]!)}`), 'get-by-slug-query'));
    const nowList = await timed(Math.ceil(RUNS / 2), async () => ok(await anonymous.post('/page/public-list', listQuery), 'public-list'));
    rows.push([label, position.toLocaleString('en-US'), list.total, fmt(lookUp), fmt(nowLookUp), fmt(whole), fmt(listed), fmt(nowList), percentile(lookUp, 95) <= GOAL_MS ? 'PASS' : 'FAIL']);
  }
  return rows;
}

export async function runTimeTravelHttp(): Promise<void> {
  heading(`time travel through HTTP: ${PAGES.toLocaleString('en-US')} pages (${(PAGES * 40 + 1).toLocaleString('en-US')} events), ${RUNS} reads each (p50 / p95 ms)`);
  const dir = tempDir('time-travel-http');
  const processes: RunningProcess[] = [];
  const rows: (string | number)[][] = [];
  try {
    const sqliteDir = join(dir.path, 'sqlite');
    mkdirSync(sqliteDir, { recursive: true });
    const db = openDatabase(join(sqliteDir, 'pagelog.db'));
    db.pragma('synchronous = OFF');
    const written = await writeLog(new SqliteEventStore(db), PAGES);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    console.log(`SQLite log written: ${written.events.toLocaleString('en-US')} events in ${written.seconds.toFixed(1)} s`);
    let started = performance.now();
    const sqliteUrl = await startPagelog(sqliteDir, {}, processes, START_TIMEOUT_MS);
    console.log(`SQLite: the product took the log in and answered after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    rows.push(...(await measure('SQLite (embedded)', sqliteUrl)));
    await Promise.all(processes.splice(0).map((p) => p.stop()));
    const pg = await postgresUrl();
    if (pg) {
      const schema = freshSchemaName('tthttp');
      const pool = newPool(pg, { max: 2, options: '-c synchronous_commit=off' });
      try {
        const store = new PostgresEventStore({ pool, schema });
        await store.init();
        await writeLog(store, PAGES);
        await store.close();
        started = performance.now();
        const pgUrl = await startPagelog(join(dir.path, 'pg'), { PAGELOG_STORE: 'postgres', DATABASE_URL: pg, PAGELOG_PG_SCHEMA: schema }, processes, START_TIMEOUT_MS);
        console.log(`PostgreSQL: the product took the log in and answered after ${((performance.now() - started) / 1000).toFixed(1)} s`);
        rows.push(...(await measure('PostgreSQL', pgUrl)));
      } finally {
        await Promise.all(processes.splice(0).map((p) => p.stop()));
        await pool.end();
        await dropSchema(pg, schema);
      }
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    dir.remove();
  }
  console.log(
    table(['store', 'as of P', 'pages live (nl)', 'page look-up as of P', 'baseline: now', 'whole page as of P (HTML)', 'list as of P (50 + total)', 'baseline: list now', `goal p95 ≤ ${GOAL_MS} ms`], rows),
  );
}

if (isMain(import.meta.url)) await runTimeTravelHttp();
