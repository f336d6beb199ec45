/**
 * Issue 17: `npm run pagelog -- verify` over a log of a million events (BENCH_VERIFY_EVENTS),
 * on SQLite and PostgreSQL: events checked per second, beside a baseline in the same run that
 * reads the same rows in the same batches without hashing (the floor: what reading the log
 * costs). The log is the product's own store, filled with page-version events of the rebuild
 * benchmark's size, appended a thousand at a time.
 */
import { join } from 'node:path';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { verifyChain } from '@pagelog/storage/event-store/event-chain';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { dropSchema, freshSchemaName, heading, isMain, newId, newPool, postgresUrl, prng, table, tempDir, versionStoredEvent } from './common';

const EVENTS = Number(process.env.BENCH_VERIFY_EVENTS ?? 1_000_000);
const BATCH = 5_000;

async function fill(store: EventStore): Promise<number> {
  const random = prng(17);
  const started = performance.now();
  const pages = Array.from({ length: 2_000 }, () => ({ id: newId(), version: newId(), revision: 0 }));
  for (let written = 0; written < EVENTS; ) {
    const page = pages[(written / 500) % pages.length]!;
    const events = Array.from({ length: Math.min(500, EVENTS - written) }, (_, i) => versionStoredEvent(random, page.id, page.version, written + i));
    await store.append(pageStream(page.id), events, page.revision);
    page.revision += events.length;
    written += events.length;
  }
  return (performance.now() - started) / 1000;
}

async function measure(store: EventStore & { readChain: NonNullable<EventStore['readChain']> }): Promise<{ verifyRate: number; readRate: number; verifySeconds: number; readSeconds: number }> {
  const read = (after: number, limit: number) => store.readChain({ after, limit });
  // Baseline first, then the verification, then the baseline again: the mean of the two baselines.
  const readOnce = async () => {
    const started = performance.now();
    let n = 0;
    for (let after = 0; ; ) {
      const rows = await read(after, BATCH);
      n += rows.length;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.position;
    }
    return { n, seconds: (performance.now() - started) / 1000 };
  };
  const a = await readOnce();
  const started = performance.now();
  const verdict = await verifyChain(read, { batch: BATCH });
  const verifySeconds = (performance.now() - started) / 1000;
  const b = await readOnce();
  if (!verdict.intact || verdict.checked !== EVENTS || a.n !== EVENTS) throw new Error(`verify saw ${JSON.stringify(verdict)}`);
  const readSeconds = (a.seconds + b.seconds) / 2;
  return { verifyRate: EVENTS / verifySeconds, readRate: EVENTS / readSeconds, verifySeconds, readSeconds };
}

export async function runVerify(): Promise<void> {
  heading(`verify: the hash chain over ${EVENTS.toLocaleString('en')} events`);
  const rows: (string | number)[][] = [];
  const dir = tempDir('verify');
  try {
    const db = openDatabase(join(dir.path, 'pagelog.db'));
    const store = new SqliteEventStore(db);
    const filled = await fill(store);
    const m = await measure(store);
    rows.push(['SQLite', `${Math.round(m.verifyRate).toLocaleString('en')} /s (${m.verifySeconds.toFixed(1)} s)`, `${Math.round(m.readRate).toLocaleString('en')} /s (${m.readSeconds.toFixed(1)} s)`, `${(m.verifyRate / m.readRate).toFixed(2)}×`, `${filled.toFixed(0)} s`]);
    await store.close();
    db.close();
  } finally {
    dir.remove();
  }
  const url = await postgresUrl();
  if (url) {
    const schema = freshSchemaName('verify');
    const pool = newPool(url);
    try {
      const store = new PostgresEventStore({ pool, schema });
      await store.init();
      const filled = await fill(store);
      const m = await measure(store);
      rows.push(['PostgreSQL', `${Math.round(m.verifyRate).toLocaleString('en')} /s (${m.verifySeconds.toFixed(1)} s)`, `${Math.round(m.readRate).toLocaleString('en')} /s (${m.readSeconds.toFixed(1)} s)`, `${(m.verifyRate / m.readRate).toFixed(2)}×`, `${filled.toFixed(0)} s`]);
      await store.close();
    } finally {
      await pool.end();
      await dropSchema(url, schema);
    }
  }
  console.log(table(['store', 'verify (events checked)', 'baseline: the same rows read', 'verify / read', 'log written in'], rows));
}

if (isMain(import.meta.url)) await runVerify();
