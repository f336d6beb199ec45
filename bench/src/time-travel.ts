/**
 * Benchmark 5: time travel (decision 0005). Two prototypes answer "the public site as of position
 * P": (a) a temporal read model (validity intervals per document, written beside the live
 * documents) and (b) replaying the projections into memory up to P from the last snapshot. Both
 * run the product's public-pages projection unchanged, plus a bench-only projection of settings,
 * menus and media. On the rebuild benchmark's log (plus a tail of moves, unpublishes, deletions,
 * menus, media and settings changes) it checks that both give the same answers, then times one
 * page as of P (with its menus, settings and media) and the whole site's page list as of P.
 */
import { join } from 'node:path';
import type { PublishedDoc } from '@pagelog/contracts/pages/page-docs';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import type { Projection } from '@pagelog/projector/core/projection';
import { publicPagesProjection } from '@pagelog/projector/public-pages/projection';
import {
  dropSchema, elapsedMs, figuresTable, formatNumber, freshSchemaName, heading, isMain, newPool, percentile, postgresUrl, prng, table, tempDir,
  type Backend, type Figure,
} from './common';
import { answerList, answerPath, canonical, mediaIdsOf } from './time-travel/answer';
import { timeTravelLog, type TimeTravelLogInfo } from './time-travel/site-log';
import { siteProjection } from './time-travel/site-projection';
import {
  buildTemporal, PostgresTemporalStore, SqliteTemporalStore, TemporalReader, type BuildResult, type TemporalStore,
} from './time-travel/temporal-model';
import {
  buildSnapshots, foldPage, materialize, MemoryReader, PostgresSnapshotStore, SqliteSnapshotStore, type SnapshotBuild, type SnapshotStore,
} from './time-travel/replay';

/** Issue 17's goal for one page as of a past position on this log. */
export const TIME_TRAVEL_PAGE_GOAL_MS = 50;

export interface TimeTravelOptions {
  /** Pages of the bench log (40 events each). */
  pages?: number;
  /** Editorial actions in the tail after the bench log. */
  tailActions?: number;
  /** Snapshot intervals of the replay, in positions. */
  intervals?: number[];
  /** Timed answers of one page per position. */
  samples?: number;
}

const projections: Projection[] = [publicPagesProjection, siteProjection];

async function writeLog(store: EventStore, pages: number, tailActions: number): Promise<{ info: TimeTravelLogInfo; seconds: number }> {
  const info: TimeTravelLogInfo = { benchEvents: 0, tailEvents: 0, paths: [] };
  const start = process.hrtime.bigint();
  for (const append of timeTravelLog(pages, tailActions, info)) await store.append(append.stream, append.events, append.expected);
  return { info, seconds: elapsedMs(start) / 1000 };
}

interface Stats {
  p50: number;
  p95: number;
  n: number;
}

function stats(samples: number[]): Stats {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), n: samples.length };
}

const ms = (value: number) => formatNumber(value, 'ms');
const pp = (s: Stats) => `${ms(s.p50)} / ${ms(s.p95)}`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const value = await work();
  return [elapsedMs(start), value];
}

/**
 * Both prototypes must give the same answers (pages, redirects, 404s, menus, media, settings, the
 * list): at random positions, and just before and at events of the tail that change the public
 * site (where an interval ends and the next begins), for the paths, menus and media they touch.
 */
async function check(
  eventStore: EventStore, temporal: TemporalStore, snapshots: SnapshotStore, interval: number, head: number, info: TimeTravelLogInfo,
): Promise<{ positions: number; paths: number; seen: Record<string, number> }> {
  const random = prng(23);
  const seen: Record<string, number> = { '200': 0, '301': 0, '404': 0, 'with media': 0, 'with menus': 0 };
  const toCheck = new Map<number, Set<string>>();
  const at = (position: number, paths: string[] = []) => {
    const set = toCheck.get(position) ?? new Set<string>();
    for (const path of paths) set.add(path);
    toCheck.set(position, set);
  };
  for (let i = 0; i < 6; i++) at(1 + Math.floor(random() * info.benchEvents));
  for (let i = 0; i < 4; i++) at(info.benchEvents + 1 + Math.floor(random() * info.tailEvents));
  at(head);
  // Boundaries: two events of each kind that changes the site, checked at P - 1 and P.
  const tail = await eventStore.readAll({ after: info.benchEvents, limit: info.tailEvents + 10 });
  const kinds = ['PagePublished', 'PageUnpublished', 'PageSlugChanged', 'PageDeleted', 'PageCreated', 'PageTypeDataChanged', 'SettingsChanged', 'MenuStored', 'MenuDeleted', 'MediaDetailsChanged', 'MediaDeleted'];
  const mediaEvents = new Map<number, string>();
  for (const kind of kinds) {
    const ofKind = tail.filter((e) => e.type === kind);
    for (let i = 0; i < 2 && ofKind.length > 0; i++) {
      const event = ofKind[Math.floor(random() * ofKind.length)]!;
      const d = event.data as { locale?: string; slug?: string; previousSlug?: string; mediaId?: string };
      const paths = d.locale ? [d.slug, d.previousSlug].filter((x): x is string => !!x).map((slug) => `/${d.locale}/${slug}`) : [];
      at(event.position - 1, paths);
      at(event.position, paths);
      if (d.mediaId) {
        mediaEvents.set(event.position - 1, d.mediaId);
        mediaEvents.set(event.position, d.mediaId);
      }
    }
  }
  let paths = 0;
  for (const [position, extra] of [...toCheck].sort((x, y) => x[0] - y[0])) {
    const { state } = await materialize(eventStore, snapshots, projections, position, interval);
    const a = new TemporalReader(temporal, position);
    const b = new MemoryReader(state);
    const [listA, listB] = [canonical(await answerList(a)), canonical(await answerList(b))];
    if (canonical(await answerList(new TemporalReader(temporal, position, 'documents'))) !== listA) throw new Error(`time travel: list fields and documents disagree at ${position}`);
    if (listA !== listB) throw new Error(`time travel: the two prototypes list the site differently at ${position}`);
    const sample = Array.from({ length: 40 }, () => info.paths[Math.floor(random() * info.paths.length)]!).map((p) => `/${p.locale}/${p.slug}`);
    // Pages that show the media item an event at (or just after) this position changes.
    const mediaId = mediaEvents.get(position);
    const showing = mediaId
      ? [...state.collection('public_pages').values()].filter((doc) => mediaIdsOf(doc as PublishedDoc).includes(mediaId)).slice(0, 5).map((doc) => `/${doc.locale}/${doc.slug}`)
      : [];
    for (const path of [...sample, ...extra, ...showing, '/nl-nl/no-such-page']) {
      const answer = await answerPath(a, path);
      const [pageA, pageB] = [canonical(answer), canonical(await answerPath(b, path))];
      seen[String(answer.status)]!++;
      if (answer.media.length > 0) seen['with media']!++;
      if (answer.menus.some((m) => m.items.length > 0)) seen['with menus']!++;
      if (pageA !== pageB) throw new Error(`time travel: the two prototypes answer ${path} differently at ${position}:\n${pageA.slice(0, 400)}\n${pageB.slice(0, 400)}`);
      paths++;
    }
  }
  return { positions: toCheck.size, paths, seen };
}

interface PositionResult {
  position: number;
  livePages: number;
  temporalPage: Stats;
  temporalList: Stats;
  temporalListDocs: Stats;
  replayFirst: Map<number | null, { total: Stats; load: Stats; replay: Stats; events: number }>;
  replayCachedPage: Stats;
  replayCachedList: Stats;
}

async function measurePosition(
  eventStore: EventStore, temporal: TemporalStore, snapshots: SnapshotStore, position: number, intervals: (number | null)[], samples: number, seed: number,
): Promise<PositionResult> {
  const random = prng(seed);
  const reader = new TemporalReader(temporal, position);
  const live = (await answerList(reader)).pages.map((p) => `/${p.locale}/${p.slug}`);
  const pickPath = () => live[Math.floor(random() * live.length)] ?? '/nl-nl/home';
  // (a) one page and the list, straight from the temporal model.
  for (let i = 0; i < 20; i++) await answerPath(new TemporalReader(temporal, position), pickPath());
  const pageTimes: number[] = [];
  for (let i = 0; i < samples; i++) pageTimes.push((await timed(() => answerPath(new TemporalReader(temporal, position), pickPath())))[0]);
  const listTimes: number[] = [];
  const listDocTimes: number[] = [];
  for (let i = 0; i < 23; i++) {
    const [t] = await timed(() => answerList(new TemporalReader(temporal, position)));
    const [d] = await timed(() => answerList(new TemporalReader(temporal, position, 'documents')));
    if (i >= 3) {
      listTimes.push(t);
      listDocTimes.push(d);
    }
  }
  // (b) the first answer at P: snapshot + replay + the answer; then answers from the state kept in memory.
  const replayFirst: PositionResult['replayFirst'] = new Map();
  let state = null;
  for (const interval of intervals) {
    const reps = interval === null ? 2 : 5;
    const total: number[] = [];
    const load: number[] = [];
    const replay: number[] = [];
    let events = 0;
    for (let r = 0; r < reps; r++) {
      const [t, m] = await timed(async () => {
        const m = await materialize(eventStore, snapshots, projections, position, interval);
        await answerPath(new MemoryReader(m.state), pickPath());
        return m;
      });
      total.push(t);
      load.push(m.loadMs);
      replay.push(m.replayMs);
      events = m.events;
      state = m.state;
    }
    replayFirst.set(interval, { total: stats(total), load: stats(load), replay: stats(replay), events });
  }
  const cached = new MemoryReader(state!);
  const cachedPage: number[] = [];
  for (let i = 0; i < samples; i++) cachedPage.push((await timed(() => answerPath(cached, pickPath())))[0]);
  const cachedList: number[] = [];
  for (let i = 0; i < 20; i++) cachedList.push((await timed(() => answerList(cached)))[0]);
  return {
    position, livePages: live.length, temporalPage: stats(pageTimes), temporalList: stats(listTimes), temporalListDocs: stats(listDocTimes), replayFirst,
    replayCachedPage: stats(cachedPage), replayCachedList: stats(cachedList),
  };
}

async function measure(
  backend: Backend, eventStore: EventStore, temporal: TemporalStore, snapshots: SnapshotStore, info: TimeTravelLogInfo, options: Required<TimeTravelOptions>,
): Promise<Figure[]> {
  const head = await eventStore.headPosition();

  // Build cost of the temporal model: the same projections and runner with and without history
  // (twice each, alternating; the better of two, as this VM is shared).
  const builds: { live: BuildResult[]; history: BuildResult[] } = { live: [], history: [] };
  for (let round = 0; round < 2; round++) {
    builds.live.push(await buildTemporal(eventStore, temporal, projections, { history: false }));
    builds.history.push(await buildTemporal(eventStore, temporal, projections, { history: true }));
  }
  await temporal.analyze();
  const best = (list: BuildResult[]) => list.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
  const [live, history] = [best(builds.live), best(builds.history)];
  const sizes = await temporal.sizes();
  console.log(table(
    ['temporal model build (public-pages + site, whole log)', 'seconds', 'events/s', 'rows', 'size'],
    [
      ['live documents only (what the projector does today)', live.seconds.toFixed(2), Math.round(live.events / live.seconds), sizes.liveRows, mb(sizes.liveBytes)],
      ['live documents + intervals + clock', history.seconds.toFixed(2), Math.round(history.events / history.seconds), sizes.historyRows, mb(sizes.historyBytes)],
      ['  of which the clock (date → position)', '', '', sizes.clockRows, mb(sizes.clockBytes)],
    ],
  ));
  console.log(`intervals cost ${(((history.seconds - live.seconds) / live.seconds) * 100).toFixed(0)} % more build time; ${history.historyWrites} history writes (${sizes.historyRows} interval rows) for ${history.events} events`);

  // Snapshots for the replay, one pass of the log per interval.
  const snapshotBuilds: SnapshotBuild[] = [];
  for (const interval of options.intervals) snapshotBuilds.push(await buildSnapshots(eventStore, snapshots, projections, interval));
  console.log(table(
    ['replay snapshots', 'build s', 'snapshots', 'stored', 'one snapshot (JSON)'],
    snapshotBuilds.map((s) => [`every ${s.interval.toLocaleString('en-US')} positions`, s.seconds.toFixed(2), s.count, mb(s.bytes), mb(s.lastBytes)]),
  ));

  const smallest = Math.min(...options.intervals);
  const checked = await check(eventStore, temporal, snapshots, smallest, head, info);
  console.log(`check: at ${checked.positions} positions the two prototypes gave the same site list and the same answers for ${checked.paths} paths (${Object.entries(checked.seen).map(([k, n]) => `${k}: ${n}`).join(', ')})`);

  // Fixed positions, off the snapshot grid: early (two thirds of the pages live), middle, late
  // (round 3 of the bench log changes only drafts), and the head (after the tail).
  const anchors = [23_456, 51_234, 88_888, head].filter((p) => p <= head);
  const intervals: (number | null)[] = [...options.intervals, null];
  const results: PositionResult[] = [];
  for (const [i, position] of anchors.entries()) results.push(await measurePosition(eventStore, temporal, snapshots, position, intervals, options.samples, 100 + i));
  const label = (interval: number | null) => (interval === null ? 'no snapshot' : `snapshot every ${interval.toLocaleString('en-US')}`);
  console.log(table(
    ['P', 'live pages', '(a) page p50/p95', '(a) list p50/p95', '(a) list from documents', ...options.intervals.map((i) => `(b) first, ${label(i)} p50/p95`), '(b) first, no snapshot', '(b) cached page p50/p95', '(b) cached list p50/p95'],
    results.map((r) => [
      r.position, r.livePages, pp(r.temporalPage), pp(r.temporalList), pp(r.temporalListDocs),
      ...options.intervals.map((i) => pp(r.replayFirst.get(i)!.total)),
      ms(r.replayFirst.get(null)!.total.p50),
      pp(r.replayCachedPage), pp(r.replayCachedList),
    ]),
  ));
  console.log(table(
    ['P', ...intervals.map((i) => `(b) ${label(i)}: events replayed, load + replay ms (p50)`)],
    results.map((r) => [r.position, ...intervals.map((i) => {
      const f = r.replayFirst.get(i)!;
      return `${f.events.toLocaleString('en-US')}: ${formatNumber(f.load.p50)} + ${formatNumber(f.replay.p50)}`;
    })]),
  ));

  // Random positions: what an administrator picking any moment meets.
  const random = prng(31);
  const randomPositions = Array.from({ length: 20 }, () => 1 + Math.floor(random() * head));
  const temporalRandom: number[] = [];
  const temporalRandomList: number[] = [];
  const replayRandom = new Map<number, number[]>(options.intervals.map((i) => [i, []]));
  for (const position of randomPositions) {
    const [listTime, { pages: live }] = await timed(() => answerList(new TemporalReader(temporal, position)));
    temporalRandomList.push(listTime);
    for (let i = 0; i < 10; i++) {
      const page = live[Math.floor(random() * live.length)];
      const path = page ? `/${page.locale}/${page.slug}` : '/nl-nl/home';
      temporalRandom.push((await timed(() => answerPath(new TemporalReader(temporal, position), path)))[0]);
    }
    for (const interval of options.intervals) {
      const path = live[0] ? `/${live[0].locale}/${live[0].slug}` : '/nl-nl/home';
      const [t] = await timed(async () => answerPath(new MemoryReader((await materialize(eventStore, snapshots, projections, position, interval)).state), path));
      replayRandom.get(interval)!.push(t);
    }
  }
  const temporalRandomStats = stats(temporalRandom);
  const replayRandomStats = new Map([...replayRandom].map(([i, s]) => [i, stats(s)]));

  // One page by id, folding only its stream (no path, menus, settings or media).
  const pageIds = (await answerList(new TemporalReader(temporal, head))).pages.map((p) => p.id);
  const foldTimes: number[] = [];
  for (let i = 0; i < 100; i++) {
    const id = pageIds[Math.floor(random() * pageIds.length)]!;
    const position = 1 + Math.floor(random() * head);
    foldTimes.push((await timed<PublishedDoc | null>(() => foldPage(eventStore, id, position)))[0]);
  }
  // A date to a position, through the clock.
  const first = (await eventStore.readAll({ after: 0, limit: 1 }))[0]!.metadata.occurredAt;
  const last = (await eventStore.readAll({ after: head - 1, limit: 1 }))[0]!.metadata.occurredAt;
  const span = Date.parse(last) - Date.parse(first);
  const clockTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const date = new Date(Date.parse(first) + random() * span).toISOString();
    clockTimes.push((await timed(() => temporal.positionAt(date)))[0]);
  }
  if ((await temporal.positionAt(last)) !== head) throw new Error('time travel: the clock does not map the last event\'s date to the head');

  console.log(table(
    ['at 20 random positions', 'p50 / p95'],
    [
      ['(a) one page (10 per position)', pp(temporalRandomStats)],
      ['(a) site list', pp(stats(temporalRandomList))],
      ...options.intervals.map((i): string[] => [`(b) first answer, ${label(i)}`, pp(replayRandomStats.get(i)!)]),
      ['(b\') one page by id, folding its stream only (100 pages × positions)', pp(stats(foldTimes))],
      ['date → position through the clock (200 dates)', pp(stats(clockTimes))],
    ],
  ));

  const pooled = (pick: (r: PositionResult) => Stats) => Math.max(...results.map((r) => pick(r).p95));
  const bestInterval = smallest;
  return [
    { bench: 'time-travel', backend, metric: '(a) temporal: one page as of P, p95 (worst of 4 positions)', value: pooled((r) => r.temporalPage), unit: 'ms', goal: { op: '<=', target: TIME_TRAVEL_PAGE_GOAL_MS } },
    { bench: 'time-travel', backend, metric: '(a) temporal: site list as of P, p95 (worst of 4)', value: pooled((r) => r.temporalList), unit: 'ms' },
    // (b) was not chosen (decision 0005): its figures are for comparison and carry no goal.
    { bench: 'time-travel', backend, metric: `(b) replay, snapshot every ${bestInterval.toLocaleString('en-US')}: first page at a random P, p95`, value: replayRandomStats.get(bestInterval)!.p95, unit: 'ms', note: 'not chosen' },
    { bench: 'time-travel', backend, metric: '(b) replay, state cached: one page as of P, p95 (worst of 4)', value: pooled((r) => r.replayCachedPage), unit: 'ms', note: 'not chosen' },
    { bench: 'time-travel', backend, metric: '(a) temporal model build, whole log', value: history.events / history.seconds, unit: 'ev/s', note: `${(((history.seconds - live.seconds) / live.seconds) * 100).toFixed(0)} % over live only; ${sizes.historyRows} rows, ${mb(sizes.historyBytes)}` },
  ];
}

export async function timeTravelSqlite(options: Required<TimeTravelOptions>): Promise<Figure[]> {
  heading('time travel · SQLite');
  const dir = tempDir('time-travel');
  const db = openDatabase(join(dir.path, 'pagelog.db'));
  try {
    const eventStore = new SqliteEventStore(db);
    db.pragma('synchronous = OFF');
    const { info, seconds } = await writeLog(eventStore, options.pages, options.tailActions);
    db.pragma('synchronous = FULL');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const head = await eventStore.headPosition();
    console.log(`log: ${head.toLocaleString('en-US')} events (${info.benchEvents.toLocaleString('en-US')} of the rebuild benchmark's log, then ${info.tailEvents.toLocaleString('en-US')} of moves, unpublishes, deletions, menus, media and settings), written in ${seconds.toFixed(1)} s`);
    const temporal = new SqliteTemporalStore(db);
    const snapshots = new SqliteSnapshotStore(db);
    await temporal.init();
    await snapshots.init();
    const figures = await measure('sqlite', eventStore, temporal, snapshots, info, options);
    await eventStore.close();
    return figures;
  } finally {
    db.close();
    dir.remove();
  }
}

export async function timeTravelPostgres(url: string, options: Required<TimeTravelOptions>): Promise<Figure[]> {
  heading('time travel · PostgreSQL');
  const schema = freshSchemaName('timetravel');
  const loadPool = newPool(url, { max: 2, options: '-c synchronous_commit=off' });
  const pool = newPool(url);
  try {
    const loader = new PostgresEventStore({ pool: loadPool, schema });
    await loader.init();
    const { info, seconds } = await writeLog(loader, options.pages, options.tailActions);
    await loader.close();
    await loadPool.query(`VACUUM (ANALYZE) "${schema}".es_events`);
    await loadPool.query('CHECKPOINT').catch(() => undefined);
    const eventStore = new PostgresEventStore({ pool, schema });
    await eventStore.init();
    const head = await eventStore.headPosition();
    console.log(`schema ${schema}; log: ${head.toLocaleString('en-US')} events (${info.benchEvents.toLocaleString('en-US')} + a tail of ${info.tailEvents.toLocaleString('en-US')}), written in ${seconds.toFixed(1)} s`);
    const temporal = new PostgresTemporalStore(pool, schema);
    const snapshots = new PostgresSnapshotStore(pool, schema);
    await temporal.init();
    await snapshots.init();
    const figures = await measure('postgres', eventStore, temporal, snapshots, info, options);
    await eventStore.close();
    return figures;
  } finally {
    await loadPool.end();
    await pool.end();
    await dropSchema(url, schema);
  }
}

export async function runTimeTravel(options: TimeTravelOptions = {}): Promise<Figure[]> {
  const full: Required<TimeTravelOptions> = {
    pages: options.pages ?? 2500,
    tailActions: options.tailActions ?? 1500,
    intervals: options.intervals ?? [25_000, 10_000, 2_500],
    samples: options.samples ?? 200,
  };
  const figures = await timeTravelSqlite(full);
  const url = await postgresUrl();
  if (url) figures.push(...(await timeTravelPostgres(url, full)));
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runTimeTravel();
  heading('time travel · summary');
  console.log(figuresTable(figures));
}
