/**
 * Issue 17: the site-wide audit log at a million events (BENCH_AUDIT_EVENTS), on SQLite and
 * PostgreSQL: its first page, a deep page, and pages filtered by person (a busy one and a rare
 * one), by page, by a rare kind of event, by period, and by two filters at once, each p50 / p95
 * over BENCH_AUDIT_RUNS reads of 50 entries through the query service's own function (the HTTP
 * layer adds the same few milliseconds to every read; see the compare bench's baseline). Baseline
 * in the same run: one document read by id, the floor of any read. Goal: p95 ≤ 100 ms.
 *
 * The read model is filled directly with the audit projection's documents (the same shape, ids
 * and indexes), so the million rows take a minute rather than a replay. A second part replays
 * BENCH_AUDIT_REPLAY real events of the rebuild benchmark's kind through the audit projection and
 * reports its rate, against the public-pages projection over the same events.
 */
import { join } from 'node:path';
import { auditEntryId, type AuditEntryDoc } from '@pagelog/contracts/audit/audit-log';
import { readModels } from '@pagelog/contracts/read-models';
import { auditLogProjection } from '@pagelog/projector/audit/audit-log-projection';
import { publicPagesProjection } from '@pagelog/projector/public-pages/projection';
import type { Projection } from '@pagelog/projector/core/projection';
import { listAuditLog, type AuditFilters } from '@pagelog/query-service/audit/audit-log';
import type { UserQueryDeps } from '@pagelog/query-service/core/query-deps';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { PostgresReadModelStore } from '@pagelog/storage/read-model-store/postgres-read-model-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { dropSchema, freshSchemaName, heading, isMain, newId, newPool, percentile, postgresUrl, prng, table, tempDir, versionStoredEvent } from './common';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 100);
const REPLAY = Number(process.env.BENCH_AUDIT_REPLAY ?? 20_000);
const GOAL_MS = 100;
const { collection } = readModels.auditLog;
const START = Date.parse('2026-01-01T00:00:00.000Z');
/** One event every 3 seconds: a million events span about 35 days. */
const STEP_MS = 3_000;

const ACTORS = Array.from({ length: 40 }, (_, i) => `user-${i}`);
const PAGES = Array.from({ length: 5_000 }, (_, i) => `page-${i}`);
const TYPES: [string, number, string][] = [
  ['PageVersionStored', 0.6, 'pages'],
  ['PagePublished', 0.08, 'pages'],
  ['PublicationRequested', 0.05, 'pages'],
  ['PublicationAccepted', 0.04, 'pages'],
  ['PageCreated', 0.03, 'pages'],
  ['PageSlugChanged', 0.02, 'pages'],
  ['PageDeleted', 0.001, 'pages'],
  ['MediaFileUploaded', 0.07, 'media'],
  ['MediaAltTextChanged', 0.03, 'media'],
  ['FormSubmitted', 0.06, 'forms'],
  ['MenuDraftSaved', 0.02, 'menus'],
  ['UserProfileChanged', 0.009, 'users'],
];

/** The actor of an event: user-0 does about half of all work, user-39 about 0.3 %. */
function actorOf(random: () => number): string {
  const r = random();
  if (r < 0.5) return ACTORS[0]!;
  return ACTORS[1 + Math.floor(((r - 0.5) / 0.5) ** 2 * (ACTORS.length - 1))]!;
}

function typeOf(random: () => number): [string, string] {
  let r = random() * TYPES.reduce((sum, [, w]) => sum + w, 0);
  for (const [type, weight, area] of TYPES) {
    if ((r -= weight) <= 0) return [type, area];
  }
  return ['PageVersionStored', 'pages'];
}

function entry(random: () => number, position: number): AuditEntryDoc {
  const [type, area] = typeOf(random);
  const actor = type === 'FormSubmitted' ? 'anonymous' : actorOf(random);
  const subject = area === 'pages' ? PAGES[Math.floor(random() * PAGES.length)]! : `${area}-${Math.floor(random() * 2_000)}`;
  const at = new Date(START + position * STEP_MS).toISOString();
  return {
    id: auditEntryId(position),
    position,
    at,
    occurredAt: at,
    actor,
    type,
    area: area as AuditEntryDoc['area'],
    stream: `${area}-${subject}`,
    revision: 1,
    subject,
    subjectLabel: area === 'pages' ? `Pagina ${subject} (${subject}, nl-nl)` : subject,
    summary: type === 'PageVersionStored' ? 'saved the draft: edited Text “Onderzoek naar de energietransitie” (Text); moved Heading “Resultaten”' : `did ${type}`,
    comment: type === 'PublicationRequested' ? 'Graag voor vrijdag publiceren' : null,
  };
}

async function fill(store: ReadModelStore): Promise<number> {
  for (const c of auditLogProjection.collections) await store.ensureCollection(c.name, c.indexes);
  const random = prng(29);
  const started = performance.now();
  const batch = 10_000;
  for (let position = 1; position <= EVENTS; position += batch) {
    const last = Math.min(EVENTS, position + batch - 1);
    await store.commit(readModels.auditLog.projection, last, async (uow) => {
      for (let p = position; p <= last; p++) {
        const doc = entry(random, p);
        uow.put(collection, doc.id, doc);
      }
    });
  }
  return (performance.now() - started) / 1000;
}

const none: AuditFilters = { actor: '', subject: '', type: '', area: '', from: '', to: '' };

/** The reads measured: name, filters, and `before` (a deep page). */
function reads(): [string, AuditFilters, number | undefined][] {
  const day = (n: number) => new Date(START + n * 86_400_000).toISOString();
  const middle = Math.floor(EVENTS / 2);
  return [
    ['first page, no filter', none, undefined],
    [`a page ${middle.toLocaleString('en')} events back`, none, middle],
    ['by person: the busiest (≈ 47 %)', { ...none, actor: ACTORS[0]! }, undefined],
    ['by person: a rare one (≈ 0.3 %)', { ...none, actor: ACTORS[ACTORS.length - 1]! }, undefined],
    ['by page (≈ 160 events)', { ...none, subject: PAGES[1234]! }, undefined],
    ['by kind: a rare one (PageDeleted, ≈ 0.1 %)', { ...none, type: 'PageDeleted' }, undefined],
    ['by area (forms)', { ...none, area: 'forms' }, undefined],
    ['by period: one day, 3 weeks ago', { ...none, from: day(10), to: day(11) }, undefined],
    ['by period, a day, and person (busiest)', { ...none, actor: ACTORS[0]!, from: day(10), to: day(11) }, undefined],
    ['by person (rare) and kind (PublicationRequested)', { ...none, actor: ACTORS[ACTORS.length - 1]!, type: 'PublicationRequested' }, undefined],
  ];
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 10; i++) {
    const started = performance.now();
    await run();
    if (i >= 10) samples.push(performance.now() - started);
  }
  return samples;
}

const p = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)}`;

async function measure(label: string, store: ReadModelStore): Promise<(string | number)[][]> {
  // No user documents: the names read as "deleted user", after the same look-up per actor.
  const deps = { readModels: store, eventStore: {} as UserQueryDeps['eventStore'], vault: { open: async () => null } as unknown as UserQueryDeps['vault'] };
  const rows: (string | number)[][] = [];
  const baseline = await timed(() => store.get(collection, auditEntryId(Math.floor(EVENTS / 3))));
  rows.push([label, 'baseline: one entry by id', p(baseline), '', '']);
  for (const [name, filters, before] of reads()) {
    const first = await listAuditLog(deps, { ...filters, before, limit: 50 });
    const samples = await timed(() => listAuditLog(deps, { ...filters, before, limit: 50 }));
    rows.push([label, name, p(samples), String(first.entries.length), percentile(samples, 95) <= GOAL_MS ? 'PASS' : 'FAIL']);
  }
  return rows;
}

/** The bench log's kind of events (page versions of the rebuild benchmark's size, a few publications), as recorded. */
function replayLog(): RecordedEvent[] {
  const random = prng(31);
  const pages = Array.from({ length: 200 }, () => ({ id: newId(), version: newId(), revision: 0 }));
  const events: RecordedEvent[] = [];
  for (const page of pages) {
    page.revision += 1;
    events.push({ id: newId(), type: 'PageCreated', stream: `page-${page.id}`, revision: page.revision, position: events.length + 1, data: { pageId: page.id, translationGroupId: page.id, type: 'base', locale: 'nl-nl', title: 'Pagina', slug: `p-${page.id}`, content: '', typeData: {}, versionId: page.version, copiedFrom: null }, metadata: { actorId: 'user-0', correlationId: 'c', causationId: 'c', occurredAt: new Date(START).toISOString(), schemaVersion: 2 } });
  }
  while (events.length < REPLAY) {
    const page = pages[Math.floor(random() * pages.length)]!;
    const e = versionStoredEvent(random, page.id, page.version, events.length);
    page.revision += 1;
    events.push({ ...e, stream: `page-${page.id}`, revision: page.revision, position: events.length + 1, metadata: { ...e.metadata, schemaVersion: 2 } } as RecordedEvent);
  }
  return events;
}

async function replayRate(store: ReadModelStore, projection: Projection, events: RecordedEvent[]): Promise<number> {
  for (const c of projection.collections) await store.ensureCollection(c.name, c.indexes);
  const started = performance.now();
  const batch = 500;
  for (let i = 0; i < events.length; i += batch) {
    const slice = events.slice(i, i + batch).filter((e) => projection.handles.includes(e.type));
    await store.commit(
      projection.name,
      events[Math.min(events.length, i + batch) - 1]!.position,
      async (uow) => {
        for (const e of slice) await projection.apply(e, uow);
      },
      { prefetch: projection.prefetch?.(slice) },
    );
  }
  return events.length / ((performance.now() - started) / 1000);
}

export async function runAuditLog(): Promise<void> {
  heading(`audit log: pages of 50 at ${EVENTS.toLocaleString('en')} events (p50 / p95 ms)`);
  const rows: (string | number)[][] = [];
  const fills: string[] = [];
  const replays: (string | number)[][] = [];
  const events = replayLog();
  const dir = tempDir('audit');
  try {
    const db = openDatabase(join(dir.path, 'pagelog.db'));
    const store = new SqliteReadModelStore(db);
    fills.push(`SQLite: ${EVENTS.toLocaleString('en')} entries written in ${(await fill(store)).toFixed(0)} s`);
    rows.push(...(await measure('SQLite', store)));
    replays.push(['SQLite', `${Math.round(await replayRate(store, auditLogProjection, events)).toLocaleString('en')} /s`, `${Math.round(await replayRate(store, publicPagesProjection, events)).toLocaleString('en')} /s`]);
    await store.close();
    db.close();
  } finally {
    dir.remove();
  }
  const url = await postgresUrl();
  if (url) {
    const schema = freshSchemaName('audit');
    const pool = newPool(url);
    try {
      const store = new PostgresReadModelStore({ pool, schema });
      await store.init();
      fills.push(`PostgreSQL: ${EVENTS.toLocaleString('en')} entries written in ${(await fill(store)).toFixed(0)} s`);
      await pool.query(`ANALYZE ${schema}.rm_docs`).catch(() => undefined);
      rows.push(...(await measure('PostgreSQL', store)));
      replays.push(['PostgreSQL', `${Math.round(await replayRate(store, auditLogProjection, events)).toLocaleString('en')} /s`, `${Math.round(await replayRate(store, publicPagesProjection, events)).toLocaleString('en')} /s`]);
      await store.close();
    } finally {
      await pool.end();
      await dropSchema(url, schema);
    }
  }
  console.log(table(['store', 'read', 'p50 / p95 ms', 'entries', `p95 ≤ ${GOAL_MS} ms`], rows));
  for (const line of fills) console.log(line);
  heading(`audit-log projection: ${events.length.toLocaleString('en')} events replayed (events per second)`);
  console.log(table(['store', 'audit-log projection', 'baseline: public-pages projection'], replays));
}

if (isMain(import.meta.url)) await runAuditLog();
