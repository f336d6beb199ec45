/**
 * Prototype (b): replaying the projections, unchanged, into an in-memory unit of work up to P.
 * Snapshots of the whole in-memory state (every collection the projections keep, their private
 * working state included, since replay must go on from them) are stored every `interval`
 * positions; the state as of P is the last snapshot at or before P plus the events after it.
 */
import pg from 'pg';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { pageStream } from '@pagelog/contracts/events/page-events';
import type { PublishedDoc, RedirectDoc } from '@pagelog/contracts/pages/page-docs';
import { redirectId } from '@pagelog/contracts/pages/page-docs';
import { readModels } from '@pagelog/contracts/read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { Doc, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { Projection } from '@pagelog/projector/core/projection';
import { publicPagesProjection } from '@pagelog/projector/public-pages/projection';
import type { AsOfReader, ListRow } from './answer';
import { SETTINGS_ID, siteCollections, type MediaDoc, type MenuDoc, type SettingsDoc } from './site-projection';

/** Every collection of the replayed projections, as maps of id to document. */
export class MemoryState {
  readonly collections = new Map<string, Map<string, Doc>>();
  private slugIndex: Map<string, PublishedDoc> | null = null;

  collection(name: string): Map<string, Doc> {
    let docs = this.collections.get(name);
    if (!docs) {
      docs = new Map();
      this.collections.set(name, docs);
    }
    return docs;
  }

  serialize(): string {
    return JSON.stringify([...this.collections].map(([name, docs]) => [name, [...docs]]));
  }

  static parse(text: string): MemoryState {
    const state = new MemoryState();
    for (const [name, docs] of JSON.parse(text) as [string, [string, Doc][]][]) state.collections.set(name, new Map(docs));
    return state;
  }

  /** Live pages by locale and slug, made once when first asked (the state no longer changes then). */
  bySlug(): Map<string, PublishedDoc> {
    if (!this.slugIndex) {
      this.slugIndex = new Map();
      for (const doc of this.collection(readModels.publicPages.collection).values() as Iterable<PublishedDoc>) {
        this.slugIndex.set(`${doc.locale}\u0000${doc.slug}`, doc);
      }
    }
    return this.slugIndex;
  }
}

/** Projections write straight into the maps; they never change a document they have put or got. */
class MemoryUnitOfWork implements UnitOfWork {
  constructor(private readonly state: MemoryState) {}

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    return (this.state.collection(collection).get(id) as T | undefined) ?? null;
  }

  put(collection: string, id: string, doc: Doc): void {
    this.state.collection(collection).set(id, doc);
  }

  delete(collection: string, id: string): void {
    this.state.collection(collection).delete(id);
  }

  at(): void {}
}

/** Applies the events of (from, to] to the state. Returns how many events were read. */
export async function replayInto(
  state: MemoryState,
  eventStore: EventStore,
  projections: Projection[],
  from: number,
  to: number,
  afterEach?: (event: RecordedEvent) => Promise<void> | void,
): Promise<number> {
  const uow = new MemoryUnitOfWork(state);
  const handles = projections.map((p) => new Set(p.handles));
  let after = from;
  let read = 0;
  while (after < to) {
    const batch = await eventStore.readAll({ after, limit: Math.min(5000, to - after) });
    if (batch.length === 0) break;
    for (const event of batch) {
      if (event.position > to) return read;
      read++;
      for (let i = 0; i < projections.length; i++) {
        if (handles[i]!.has(event.type)) await projections[i]!.apply(event, uow);
      }
      if (afterEach) await afterEach(event);
    }
    after = batch[batch.length - 1]!.position;
  }
  return read;
}

export interface SnapshotStore {
  init(): Promise<void>;
  save(interval: number, position: number, state: string): Promise<void>;
  /** The last snapshot of that interval at or before `position`. */
  load(interval: number, position: number): Promise<{ position: number; state: string } | null>;
  sizes(interval: number): Promise<{ count: number; bytes: number }>;
  close(): Promise<void>;
}

export class SqliteSnapshotStore implements SnapshotStore {
  constructor(private readonly db: SqliteDatabase) {}

  async init(): Promise<void> {
    this.db.exec('CREATE TABLE IF NOT EXISTS tt_snapshots (interval INTEGER NOT NULL, position INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (interval, position))');
  }

  async save(interval: number, position: number, state: string): Promise<void> {
    this.db.prepare('INSERT OR REPLACE INTO tt_snapshots (interval, position, state) VALUES (?, ?, ?)').run(interval, position, state);
  }

  async load(interval: number, position: number): Promise<{ position: number; state: string } | null> {
    const row = this.db
      .prepare('SELECT position, state FROM tt_snapshots WHERE interval = ? AND position <= ? ORDER BY position DESC LIMIT 1')
      .get(interval, position) as { position: number; state: string } | undefined;
    return row ?? null;
  }

  async sizes(interval: number): Promise<{ count: number; bytes: number }> {
    const row = this.db.prepare('SELECT count(*) AS count, coalesce(sum(length(CAST(state AS BLOB))), 0) AS bytes FROM tt_snapshots WHERE interval = ?').get(interval) as { count: number; bytes: number };
    return row;
  }

  async close(): Promise<void> {}
}

export class PostgresSnapshotStore implements SnapshotStore {
  private readonly table: string;

  constructor(private readonly pool: pg.Pool, schema: string) {
    this.table = `${pg.escapeIdentifier(schema)}.tt_snapshots`;
  }

  async init(): Promise<void> {
    await this.pool.query(`CREATE TABLE IF NOT EXISTS ${this.table} (interval integer NOT NULL, position bigint NOT NULL, state text NOT NULL, PRIMARY KEY (interval, position))`);
  }

  async save(interval: number, position: number, state: string): Promise<void> {
    await this.pool.query(`INSERT INTO ${this.table} (interval, position, state) VALUES ($1, $2, $3) ON CONFLICT (interval, position) DO UPDATE SET state = excluded.state`, [interval, position, state]);
  }

  async load(interval: number, position: number): Promise<{ position: number; state: string } | null> {
    const { rows } = await this.pool.query<{ position: string; state: string }>(
      `SELECT position, state FROM ${this.table} WHERE interval = $1 AND position <= $2 ORDER BY position DESC LIMIT 1`,
      [interval, position],
    );
    return rows[0] ? { position: Number(rows[0].position), state: rows[0].state } : null;
  }

  /** Bytes as stored (PostgreSQL compresses large text). */
  async sizes(interval: number): Promise<{ count: number; bytes: number }> {
    const { rows } = await this.pool.query<{ count: string; bytes: string | null }>(
      `SELECT count(*) AS count, sum(pg_column_size(state)) AS bytes FROM ${this.table} WHERE interval = $1`,
      [interval],
    );
    return { count: Number(rows[0]!.count), bytes: Number(rows[0]!.bytes ?? 0) };
  }

  async close(): Promise<void> {}
}

export interface SnapshotBuild {
  interval: number;
  seconds: number;
  count: number;
  bytes: number;
  /** Size of one snapshot at the head, as JSON text. */
  lastBytes: number;
}

/** One replay of the whole log that stores the state every `interval` positions. */
export async function buildSnapshots(eventStore: EventStore, snapshots: SnapshotStore, projections: Projection[], interval: number): Promise<SnapshotBuild> {
  const start = process.hrtime.bigint();
  const state = new MemoryState();
  const head = await eventStore.headPosition();
  let lastBytes = 0;
  await replayInto(state, eventStore, projections, 0, head, async (event) => {
    if (event.position % interval !== 0) return;
    const text = state.serialize();
    lastBytes = Buffer.byteLength(text);
    await snapshots.save(interval, event.position, text);
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const { count, bytes } = await snapshots.sizes(interval);
  return { interval, seconds, count, bytes, lastBytes };
}

export interface Materialized {
  state: MemoryState;
  /** Reading and parsing the snapshot. */
  loadMs: number;
  /** Replaying the events after it. */
  replayMs: number;
  events: number;
}

/** The state as of `position`: the nearest snapshot (none: from the start) plus the events after it. */
export async function materialize(
  eventStore: EventStore,
  snapshots: SnapshotStore,
  projections: Projection[],
  position: number,
  interval: number | null,
): Promise<Materialized> {
  const t0 = process.hrtime.bigint();
  const snapshot = interval === null ? null : await snapshots.load(interval, position);
  const state = snapshot ? MemoryState.parse(snapshot.state) : new MemoryState();
  const t1 = process.hrtime.bigint();
  const events = await replayInto(state, eventStore, projections, snapshot?.position ?? 0, position);
  state.bySlug();
  const t2 = process.hrtime.bigint();
  return { state, loadMs: Number(t1 - t0) / 1e6, replayMs: Number(t2 - t1) / 1e6, events };
}

/**
 * One page as of P by folding only its own stream (what the query service's history does): cheap,
 * but it needs the page's id, and answers neither a path, nor menus, settings or media.
 */
export async function foldPage(eventStore: EventStore, pageId: string, position: number): Promise<PublishedDoc | null> {
  const events = (await eventStore.readStream(pageStream(pageId))).filter((e) => e.position <= position);
  const state = new MemoryState();
  const uow = new MemoryUnitOfWork(state);
  const handles = new Set(publicPagesProjection.handles);
  for (const event of events) if (handles.has(event.type)) await publicPagesProjection.apply(event, uow);
  return (state.collection(readModels.publicPages.collection).get(pageId) as PublishedDoc | undefined) ?? null;
}

export class MemoryReader implements AsOfReader {
  constructor(private readonly state: MemoryState) {}

  async settings(): Promise<SettingsDoc | null> {
    return (this.state.collection(siteCollections.settings).get(SETTINGS_ID) as SettingsDoc | undefined) ?? null;
  }

  async pageBySlug(locale: string, slug: string): Promise<PublishedDoc | null> {
    return this.state.bySlug().get(`${locale}\u0000${slug}`) ?? null;
  }

  async redirect(locale: string, slug: string): Promise<RedirectDoc | null> {
    return (this.state.collection(readModels.publicRedirects.collection).get(redirectId(locale, slug)) as RedirectDoc | undefined) ?? null;
  }

  async pages(ids: string[]): Promise<Map<string, PublishedDoc>> {
    const docs = this.state.collection(readModels.publicPages.collection);
    const out = new Map<string, PublishedDoc>();
    for (const id of ids) {
      const doc = docs.get(id) as PublishedDoc | undefined;
      if (doc) out.set(id, doc);
    }
    return out;
  }

  async menus(locale: string): Promise<MenuDoc[]> {
    return ([...this.state.collection(siteCollections.menus).values()] as MenuDoc[]).filter((m) => m.locale === locale).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async media(ids: string[]): Promise<Map<string, MediaDoc>> {
    const docs = this.state.collection(siteCollections.media);
    const out = new Map<string, MediaDoc>();
    for (const id of ids) {
      const doc = docs.get(id) as MediaDoc | undefined;
      if (doc) out.set(id, doc);
    }
    return out;
  }

  async list(): Promise<ListRow[]> {
    return ([...this.state.collection(readModels.publicPages.collection).values()] as PublishedDoc[]).map((d) => ({
      id: d.id, locale: d.locale, slug: d.slug, title: d.pageVersion.title, versionId: d.pageVersion.versionID, type: d.type,
    }));
  }
}
