/**
 * Benchmark 2: rebuild throughput. Writes a realistic log of about 100,000 page events (slug
 * claims, PageCreated, many PageVersionStored with a few blocks each, PageDraftStarted,
 * PagePublished over 2,500 pages, interleaved across pages the way editors work), then times
 * `Projector.rebuild` of every projection, one after the other, in events of the log per second.
 */
import { join } from 'node:path';
import type { NewEvent } from '@pagelog/contracts/events/event';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { settingsStream } from '@pagelog/contracts/events/settings-events';
import { slugStream } from '@pagelog/contracts/events/slug-events';
import { readModels } from '@pagelog/contracts/read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { PostgresReadModelStore } from '@pagelog/storage/read-model-store/postgres-read-model-store';
import { Projector } from '@pagelog/projector/core/projector';
import { allProjections } from '@pagelog/projector/projections';
import {
  dropSchema, elapsedMs, figuresTable, freshSchemaName, heading, isMain, metadata, newId, newPool,
  postgresUrl, prng, sentence, table, tempDir, versionStoredEvent, type Backend, type Figure,
} from './common';

export const REBUILD_GOALS: Record<Backend, number> = { sqlite: 50_000, postgres: 20_000 };

export interface RebuildOptions {
  /** Pages in the log; each page brings 40 events (1 slug claim + 39 page events). */
  pages?: number;
}

interface Append {
  stream: string;
  expected: number;
  events: NewEvent[];
}

/**
 * The log, as the appends that write it. Each page: a slug claim, then three rounds of 13 page
 * events appended at once (create + 11 stores + publish; new draft + 11 stores + publish; new
 * draft + 12 stores). Rounds go over all pages before the next starts, so pages interleave.
 */
export function* pageLog(pages: number): Generator<Append> {
  const random = prng(7);
  yield {
    stream: settingsStream,
    expected: 0,
    events: [{ id: newId(), type: 'SettingsInitialized', data: { availableLocales: ['nl-nl', 'en-gb'], defaultLocale: 'nl-nl', customSlugLocales: [] }, metadata: metadata('system') }],
  };
  const ids = Array.from({ length: pages }, () => newId());
  const versions = ids.map(() => newId());
  const revisions = new Array<number>(pages).fill(0);
  const at = (p: number, events: NewEvent[]): Append => {
    const append = { stream: pageStream(ids[p]!), expected: revisions[p]!, events };
    revisions[p] = revisions[p]! + events.length;
    return append;
  };
  const stores = (p: number, count: number) =>
    Array.from({ length: count }, (_, n) => versionStoredEvent(random, ids[p]!, versions[p]!, n));
  const published = (p: number): NewEvent => ({
    id: newId(), type: 'PagePublished', data: { pageId: ids[p]!, versionId: versions[p]!, slug: slugOf(p), locale: localeOf(p) }, metadata: metadata(),
  });
  const newDraft = (p: number): NewEvent => {
    const basedOn = versions[p]!;
    versions[p] = newId();
    return { id: newId(), type: 'PageDraftStarted', data: { pageId: ids[p]!, versionId: versions[p]!, basedOnVersionId: basedOn }, metadata: metadata() };
  };
  const slugOf = (p: number) => `artikel-${p}`;
  const localeOf = (p: number) => (p % 3 === 0 ? 'en-gb' : 'nl-nl');

  for (let p = 0; p < pages; p++) {
    yield {
      stream: slugStream(localeOf(p), slugOf(p)),
      expected: 0,
      events: [{ id: newId(), type: 'SlugClaimed', data: { locale: localeOf(p), slug: slugOf(p), pageId: ids[p]! }, metadata: metadata() }],
    };
    const title = sentence(random, 4);
    const created: NewEvent = {
      id: newId(),
      type: 'PageCreated',
      data: {
        pageId: ids[p]!, translationGroupId: ids[p]!, type: 'article', locale: localeOf(p), title, slug: slugOf(p),
        content: '', typeData: {}, versionId: versions[p]!,
      },
      metadata: metadata(),
    };
    yield at(p, [created, ...stores(p, 11), published(p)]);
  }
  for (let p = 0; p < pages; p++) yield at(p, [newDraft(p), ...stores(p, 11), published(p)]);
  for (let p = 0; p < pages; p++) yield at(p, [newDraft(p), ...stores(p, 12)]);
}

export async function writeLog(store: EventStore, pages: number): Promise<{ events: number; seconds: number }> {
  const start = process.hrtime.bigint();
  let events = 0;
  for (const append of pageLog(pages)) {
    await store.append(append.stream, append.events, append.expected);
    events += append.events.length;
  }
  return { events, seconds: elapsedMs(start) / 1000 };
}

interface Timing {
  name: string;
  seconds: number;
  handled: number;
}

/** Rebuilds each projection in turn; also times one plain pass over the log for reference. */
async function rebuildAll(eventStore: EventStore, readModelStore: ReadModelStore, head: number): Promise<{ timings: Timing[]; readSeconds: number; onePassSeconds: number }> {
  const projector = new Projector({ eventStore, readModels: readModelStore, projections: allProjections });
  await projector.prepare();
  const timings: Timing[] = [];
  for (const projection of allProjections) {
    const start = process.hrtime.bigint();
    await projector.rebuild(projection.name);
    const seconds = elapsedMs(start) / 1000;
    const checkpoint = await readModelStore.getCheckpoint(projection.name);
    if (checkpoint.position !== head) throw new Error(`${projection.name} stopped at ${checkpoint.position}, head is ${head}`);
    const handles = new Set(projection.handles);
    timings.push({ name: projection.name, seconds, handled: handles.size });
  }
  // What `npm run pagelog -- rebuild` does: every projection in one pass over the log.
  const onePassStart = process.hrtime.bigint();
  await projector.rebuild(allProjections.map((p) => p.name));
  const onePassSeconds = elapsedMs(onePassStart) / 1000;
  for (const projection of allProjections) {
    const checkpoint = await readModelStore.getCheckpoint(projection.name);
    if (checkpoint.position !== head) throw new Error(`${projection.name} stopped at ${checkpoint.position}, head is ${head}`);
  }
  // Reference: what reading the log alone costs (readAll in the projector's batch size).
  const start = process.hrtime.bigint();
  let after = 0;
  for (;;) {
    const batch = await eventStore.readAll({ after, limit: 500 });
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.position;
  }
  return { timings, readSeconds: elapsedMs(start) / 1000, onePassSeconds };
}

async function checkReadModels(readModelStore: ReadModelStore, pages: number): Promise<void> {
  const counts = {
    pages: await readModelStore.count(readModels.pages.collection),
    versions: await readModelStore.count(readModels.pageVersions.collection),
    public: await readModelStore.count(readModels.publicPages.collection),
    settings: await readModelStore.count(readModels.settings.collection),
  };
  const expected = { pages, versions: pages * 3, public: pages, settings: 1 };
  for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
    if (counts[key] !== expected[key]) throw new Error(`after rebuild: ${key} has ${counts[key]} documents, expected ${expected[key]}`);
  }
  console.log(`read models check: ${counts.pages} pages, ${counts.versions} page versions, ${counts.public} public pages, ${counts.settings} settings`);
}

function report(backend: Backend, head: number, timings: Timing[], readSeconds: number, onePassSeconds: number): Figure[] {
  const goal = REBUILD_GOALS[backend];
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  console.log(table(
    ['projection', 'seconds', 'log events/s', `goal >= ${goal.toLocaleString('en-US')}/s`],
    [
      ...timings.map((t) => [t.name, t.seconds.toFixed(2), Math.round(head / t.seconds), head / t.seconds >= goal ? 'PASS' : 'MISS']),
      ['all projections (sum of the above)', total.toFixed(2), Math.round(head / total), ''],
      ['all projections, one pass (the CLI)', onePassSeconds.toFixed(2), Math.round(head / onePassSeconds), head / onePassSeconds >= goal ? 'PASS' : 'MISS'],
      ['(reference: readAll only)', readSeconds.toFixed(2), Math.round(head / readSeconds), ''],
    ],
  ));
  return [
    ...timings.map((t): Figure => ({
      bench: 'rebuild', backend, metric: `rebuild ${t.name}`, value: head / t.seconds, unit: 'ev/s', goal: { op: '>=', target: goal },
    })),
    { bench: 'rebuild', backend, metric: 'rebuild all projections, one pass', value: head / onePassSeconds, unit: 'ev/s', goal: { op: '>=', target: goal }, note: `${onePassSeconds.toFixed(2)} s for ${head} events` },
  ];
}

export async function rebuildSqlite(options: RebuildOptions = {}): Promise<Figure[]> {
  const pages = options.pages ?? 2500;
  heading('rebuild · SQLite');
  const dir = tempDir('rebuild');
  const db = openDatabase(join(dir.path, 'pagelog.db'));
  try {
    const eventStore = new SqliteEventStore(db);
    const readModelStore = new SqliteReadModelStore(db);
    // Loading is not what is measured: write it without waiting for the disk, then go back to
    // the product's settings (synchronous=FULL) with the write-ahead log folded in.
    db.pragma('synchronous = OFF');
    const written = await writeLog(eventStore, pages);
    db.pragma('synchronous = FULL');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const head = await eventStore.headPosition();
    console.log(`log: ${head.toLocaleString('en-US')} events over ${pages} pages, written in ${written.seconds.toFixed(1)} s (${Math.round(written.events / written.seconds).toLocaleString('en-US')} events/s, batched appends)`);
    const { timings, readSeconds, onePassSeconds } = await rebuildAll(eventStore, readModelStore, head);
    await checkReadModels(readModelStore, pages);
    await readModelStore.close();
    await eventStore.close();
    return report('sqlite', head, timings, readSeconds, onePassSeconds);
  } finally {
    db.close();
    dir.remove();
  }
}

export async function rebuildPostgres(url: string, options: RebuildOptions = {}): Promise<Figure[]> {
  const pages = options.pages ?? 2500;
  heading('rebuild · PostgreSQL');
  const schema = freshSchemaName('rebuild');
  // Loading without waiting for the WAL flush; the rebuild itself runs with the server defaults.
  const loadPool = newPool(url, { max: 2, options: '-c synchronous_commit=off' });
  const pool = newPool(url);
  try {
    const loader = new PostgresEventStore({ pool: loadPool, schema });
    await loader.init();
    const written = await writeLog(loader, pages);
    await loader.close();
    // A log that has been there a while is vacuumed (hint bits set, visibility map, statistics)
    // and checkpointed; without this the first projection's pass would pay for that clean-up.
    await loadPool.query(`VACUUM (ANALYZE) "${schema}".es_events`);
    await loadPool.query('CHECKPOINT').catch(() => undefined);
    const eventStore = new PostgresEventStore({ pool, schema });
    const readModelStore = new PostgresReadModelStore({ pool, schema });
    await eventStore.init();
    await readModelStore.init();
    const head = await eventStore.headPosition();
    console.log(`schema ${schema}; log: ${head.toLocaleString('en-US')} events over ${pages} pages, written in ${written.seconds.toFixed(1)} s (${Math.round(written.events / written.seconds).toLocaleString('en-US')} events/s, batched appends)`);
    const { timings, readSeconds, onePassSeconds } = await rebuildAll(eventStore, readModelStore, head);
    await checkReadModels(readModelStore, pages);
    await readModelStore.close();
    await eventStore.close();
    return report('postgres', head, timings, readSeconds, onePassSeconds);
  } finally {
    await loadPool.end();
    await pool.end();
    await dropSchema(url, schema);
  }
}

export async function runRebuild(options: RebuildOptions = {}): Promise<Figure[]> {
  const figures = await rebuildSqlite(options);
  const url = await postgresUrl();
  if (url) figures.push(...(await rebuildPostgres(url, options)));
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runRebuild();
  heading('rebuild · summary');
  console.log(figuresTable(figures));
}
