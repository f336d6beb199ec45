import pg from 'pg';
import type { NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { upcast } from '@pagelog/contracts/events/registry';
import { guard } from '../postgres/pg-errors';
import {
  assertAppendable,
  checkAppend,
  notifyListeners,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
} from './event-store';

export interface PostgresEventStoreOptions {
  /** The caller owns the pool: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the tables; created by init(). Default 'public'. */
  schema?: string;
  /** Test hook: runs inside the append transaction just before COMMIT. */
  beforeCommit?: () => Promise<void>;
}

interface EventRow {
  position: string;
  id: string;
  stream: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

const columns = 'position, id, stream, revision, type, data, metadata';
const firstReconnectMs = 250;
const maxReconnectMs = 10_000;

/**
 * Event store on PostgreSQL.
 *
 * Positions come from a one-row counter that every append updates inside its transaction. A
 * sequence would not do: nextval() is handed out at call time, not at commit, so an append that
 * took position 7 can commit after one that took 8, and a follower that has already read 8 would
 * never go back for 7 (and a rollback would leave a hole). The counter's row lock instead makes
 * appenders take turns until COMMIT, so positions are gapless and in commit order.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly beforeCommit: (() => Promise<void>) | undefined;
  private readonly events: string;
  private readonly counter: string;
  private readonly channel: string;

  private readonly listeners = new Set<(position: number) => void>();
  private notified = 0;
  private listening = false;
  private listenClient: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectMs = firstReconnectMs;

  constructor(options: PostgresEventStoreOptions) {
    const schema = options.schema ?? 'public';
    // The schema also names the NOTIFY channel, which must stay within 63 bytes.
    if (!/^[a-z_][a-z0-9_]{0,47}$/.test(schema)) throw new TypeError(`invalid event store schema name: ${schema}`);
    this.pool = options.pool;
    this.schema = schema;
    this.beforeCommit = options.beforeCommit;
    this.events = `"${schema}".es_events`;
    this.counter = `"${schema}".es_position`;
    this.channel = `pagelog_events_${schema}`;
  }

  /** Creates the schema and tables if missing; safe when several processes start at once. */
  async init(): Promise<void> {
    await guard(() => this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagelog:event-store:${this.schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.events} (
          position BIGINT PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          stream TEXT NOT NULL,
          revision BIGINT NOT NULL,
          type TEXT NOT NULL,
          data JSONB NOT NULL,
          metadata JSONB NOT NULL,
          UNIQUE (stream, revision)
        )`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.counter} (
          one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
          value BIGINT NOT NULL
        )`);
      await client.query(`INSERT INTO ${this.counter} (one, value) VALUES (true, 0) ON CONFLICT DO NOTHING`);
    }));
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendable(stream, events, expectedRevision);
    const outcome = await guard(() => this.transaction(async (client) => {
      // Take the counter's row lock first: from here until COMMIT no other append runs, so the
      // checks below see every earlier append and nothing can slip in after them.
      await client.query(`SELECT value FROM ${this.counter} FOR UPDATE`);
      const current = await client.query<{ revision: string }>(
        `SELECT coalesce(max(revision), 0) AS revision FROM ${this.events} WHERE stream = $1`, [stream]);
      const stored = await client.query<EventRow>(
        `SELECT ${columns} FROM ${this.events} WHERE id = ANY($1::text[])`, [events.map((e) => e.id)]);
      const currentRevision = Number(current.rows[0]?.revision ?? 0);
      const retry = checkAppend(stream, events, expectedRevision, currentRevision, stored.rows.map(asStored));
      if (retry) return { result: retry, written: false };

      const counted = await client.query<{ value: string }>(
        `UPDATE ${this.counter} SET value = value + $1 RETURNING value`, [events.length]);
      const last = Number(counted.rows[0]?.value);
      const first = last - events.length + 1;
      const recorded = events.map((e, i): RecordedEvent => ({
        id: e.id, stream, revision: currentRevision + i + 1, position: first + i,
        type: e.type, data: e.data, metadata: e.metadata,
      }));
      await client.query(
        `INSERT INTO ${this.events} (${columns})
         SELECT p, i, $3, r, t, d, m
         FROM unnest($1::bigint[], $2::text[], $4::bigint[], $5::text[], $6::jsonb[], $7::jsonb[]) AS u(p, i, r, t, d, m)`,
        [
          recorded.map((e) => e.position),
          recorded.map((e) => e.id),
          stream,
          recorded.map((e) => e.revision),
          recorded.map((e) => e.type),
          recorded.map((e) => JSON.stringify(e.data)),
          recorded.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      // Delivered to listeners only if and when this transaction commits.
      await client.query('SELECT pg_notify($1, $2)', [this.channel, String(last)]);
      if (this.beforeCommit) await this.beforeCommit();
      const result: AppendResult = { position: last, revision: currentRevision + events.length, events: recorded };
      return { result, written: true };
    }));
    if (outcome.written && this.listeners.size > 0) {
      const { position } = outcome.result;
      setImmediate(() => this.notify(position));
    }
    return outcome.result;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 1);
    const { rows } = await guard(() => this.pool.query<EventRow>(
      `SELECT ${columns} FROM ${this.events}
       WHERE stream = $1 AND revision ${backwards ? '<=' : '>='} $2
       ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT $3`,
      [stream, from, options.limit ?? null],
    ));
    return rows.map(asRead);
  }

  async streamRevision(stream: string): Promise<number> {
    const { rows } = await guard(() => this.pool.query<{ revision: string }>(
      `SELECT coalesce(max(revision), 0) AS revision FROM ${this.events} WHERE stream = $1`, [stream]));
    return Number(rows[0]?.revision ?? 0);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await guard(() => this.pool.query<EventRow>(
      `SELECT ${columns} FROM ${this.events} WHERE position > $1 ORDER BY position LIMIT $2`,
      [options.after ?? 0, options.limit ?? 500],
    ));
    return rows.map(asRead);
  }

  async headPosition(): Promise<number> {
    const { rows } = await guard(() => this.pool.query<{ head: string }>(
      `SELECT coalesce(max(position), 0) AS head FROM ${this.events}`));
    return Number(rows[0]?.head ?? 0);
  }

  subscribe(listener: (position: number) => void): () => void {
    this.listeners.add(listener);
    if (!this.listening) {
      this.listening = true;
      void this.connectListener();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.stopListening();
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.stopListening();
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
      throw error;
    } finally {
      // A client whose ROLLBACK failed is in an unknown state: the pool must discard it.
      client.release(broken);
    }
  }

  /** One dedicated connection (not from the pool: it is held for as long as anyone listens). */
  private async connectListener(): Promise<void> {
    this.reconnectTimer = undefined;
    if (!this.listening) return;
    const client = new pg.Client(this.pool.options);
    this.listenClient = client;
    client.on('error', () => this.listenerDropped(client));
    client.on('end', () => this.listenerDropped(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.notify(Number(message.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch {
      this.listenerDropped(client);
      return;
    }
    if (this.listenClient !== client) return;
    this.reconnectMs = firstReconnectMs;
    // Appends committed before LISTEN took effect (at start, or while the connection was down)
    // sent notifications nobody heard: tell listeners where the log is now.
    try {
      this.notify(await this.headPosition(), true);
    } catch {
      // The pool cannot reach the server either; the next notification will do.
    }
  }

  private listenerDropped(client: pg.Client): void {
    if (this.listenClient !== client) return;
    this.listenClient = undefined;
    client.end().catch(() => {});
    if (!this.listening || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => void this.connectListener(), this.reconnectMs);
    this.reconnectTimer.unref();
    this.reconnectMs = Math.min(this.reconnectMs * 2, maxReconnectMs);
  }

  private async stopListening(): Promise<void> {
    this.listening = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.listenClient;
    this.listenClient = undefined;
    await client?.end().catch(() => {});
  }

  private notify(position: number, always = false): void {
    if (!always && position <= this.notified) return;
    this.notified = Math.max(this.notified, position);
    notifyListeners(this.listeners, position);
  }
}

/** The row as written, for append results (an idempotent retry returns what was stored). */
function asStored(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    stream: row.stream,
    revision: Number(row.revision),
    position: Number(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}

/** The row as readers see it: data lifted to the current schema version of its type. */
function asRead(row: EventRow): RecordedEvent {
  const event = asStored(row);
  return { ...event, data: upcast(event.type, event.metadata.schemaVersion, event.data) };
}
