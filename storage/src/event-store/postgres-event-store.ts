import pg from 'pg';
import type { NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { guard } from '../postgres/pg-errors';
import { inTransaction } from '../postgres/transaction';
import {
  assertAppendable,
  assertAppendableParts,
  checkAppend,
  PartlyStoredError,
  type StreamAppend,
  notifyListeners,
  storableJson,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
} from './event-store';
import { chainHash, GENESIS_HASH, type ChainedEvent } from './event-chain';

export interface PostgresEventStoreOptions {
  /** The caller owns the pool: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the tables; created by init(). Default 'public'. */
  schema?: string;
  /** Test hook: runs inside the append transaction just before COMMIT. */
  beforeCommit?: () => Promise<void>;
  /**
   * Told when the LISTEN connection that wakes subscribers is lost or back (for the log and the
   * status). It is opened again with back-off for as long as anyone subscribes.
   */
  onListenState?: (state: 'listening' | 'lost', error?: Error) => void;
}

interface AppendRow {
  /** Position of the last event written, or null when nothing was written. */
  last: string | null;
  /** The stream's revision after the append, or its current one when nothing was written. */
  revision: string;
  /** Events already stored under the given ids (json_agg rows), or null. */
  stored: EventRow[] | null;
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
  private readonly appendFunction: string;
  private readonly channel: string;

  private readonly listeners = new Set<(position: number) => void>();
  private notified = 0;
  private listening = false;
  private listenClient: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectMs = firstReconnectMs;
  private readonly onListenState: PostgresEventStoreOptions['onListenState'];
  private listenState: 'listening' | 'lost' | null = null;

  constructor(options: PostgresEventStoreOptions) {
    const schema = options.schema ?? 'public';
    // The schema also names the NOTIFY channel, which must stay within 63 bytes.
    if (!/^[a-z_][a-z0-9_]{0,47}$/.test(schema)) throw new TypeError(`invalid event store schema name: ${schema}`);
    this.pool = options.pool;
    this.schema = schema;
    this.beforeCommit = options.beforeCommit;
    this.onListenState = options.onListenState;
    this.events = `"${schema}".es_events`;
    this.counter = `"${schema}".es_position`;
    this.appendFunction = `"${schema}".es_append`;
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
          -- json, not jsonb: events are stored and read whole, never queried inside, and json
          -- keeps the text as written (key order, no re-encoding on every read).
          data JSON NOT NULL,
          metadata JSON NOT NULL,
          -- The event's link in the hash chain (event-chain.ts): sha256 over the previous event's
          -- hash and this event as stored.
          hash TEXT,
          UNIQUE (stream, revision)
        )`);
      // A table made before the chain gets the column; checked first, as ALTER TABLE locks the
      // whole table even when there is nothing to do.
      const { rows: hashColumn } = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'es_events' AND column_name = 'hash'`,
        [this.schema],
      );
      if (hashColumn.length === 0) await client.query(`ALTER TABLE ${this.events} ADD COLUMN hash TEXT`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${this.counter} (
          one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
          value BIGINT NOT NULL
        )`);
      await client.query(`INSERT INTO ${this.counter} (one, value) VALUES (true, 0) ON CONFLICT DO NOTHING`);
      await this.chainExistingEvents(client);
      // The whole append in one call (one round trip). Every statement of a plpgsql function
      // takes a fresh snapshot, so once the counter's row lock is held the checks see every
      // earlier append. It writes nothing when the revision is stale or an id is stored already,
      // and returns what the shared checkAppend rule needs to tell a retry from a conflict.
      await client.query(`
        CREATE OR REPLACE FUNCTION ${this.appendFunction}(
          p_stream text, p_expected bigint, p_ids text[], p_types text[], p_data json[], p_metadata json[], p_channel text
        ) RETURNS TABLE (last bigint, revision bigint, stored json) LANGUAGE plpgsql
        -- A plan cached while the table was small would scan it whole for ever after.
        SET plan_cache_mode = force_custom_plan
        AS $fn$
        DECLARE
          v_current bigint;
          v_stored json;
          v_last bigint;
          v_count int := cardinality(p_ids);
          v_previous text;
          v_hash text;
          v_first bigint;
          r record;
        BEGIN
          PERFORM 1 FROM ${this.counter} FOR UPDATE;
          SELECT coalesce(max(e.revision), 0) INTO v_current FROM ${this.events} e WHERE e.stream = p_stream;
          SELECT json_agg(x ORDER BY x.position) INTO v_stored
            FROM (SELECT e.position, e.id, e.stream, e.revision, e.type, e.data, e.metadata
                  FROM ${this.events} e WHERE e.id = ANY(p_ids)) x;
          IF v_stored IS NOT NULL OR (p_expected IS NOT NULL AND p_expected <> v_current) THEN
            RETURN QUERY SELECT NULL::bigint, v_current, v_stored;
            RETURN;
          END IF;
          UPDATE ${this.counter} SET value = value + v_count RETURNING value INTO v_last;
          -- The chain goes on from the event before (the counter's lock keeps it the last).
          SELECT e.hash INTO v_previous FROM ${this.events} e WHERE e.position = v_last - v_count;
          IF v_previous IS NULL AND v_last - v_count > 0 THEN
            -- Events an older Pagelog wrote without a hash: chained first, in order, from the
            -- hashes before them, so the chain never starts again from zero after an event.
            SELECT min(e.position) INTO v_first FROM ${this.events} e WHERE e.hash IS NULL;
            SELECT e.hash INTO v_previous FROM ${this.events} e WHERE e.position = v_first - 1;
            v_previous := coalesce(v_previous, '${GENESIS_HASH}');
            FOR r IN SELECT e.position AS p, e.id AS i, e.stream AS s, e.revision AS rv, e.type AS t, e.data::text AS d, e.metadata::text AS m, e.hash AS h
                     FROM ${this.events} e WHERE e.position >= v_first AND e.position <= v_last - v_count ORDER BY e.position LOOP
              IF r.h IS NOT NULL THEN
                v_previous := r.h;
              ELSE
                v_previous := encode(sha256(convert_to(
                  v_previous || chr(10) || r.i || chr(10) || r.s || chr(10) || r.rv::text || chr(10) || r.t || chr(10) || r.d || chr(10) || r.m, 'UTF8')), 'hex');
                UPDATE ${this.events} SET hash = v_previous WHERE position = r.p;
              END IF;
            END LOOP;
          END IF;
          v_previous := coalesce(v_previous, '${GENESIS_HASH}');
          FOR n IN 1..v_count LOOP
            v_hash := encode(sha256(convert_to(
              v_previous || chr(10) || p_ids[n] || chr(10) || p_stream || chr(10) || (v_current + n)::text || chr(10) || p_types[n] || chr(10) || p_data[n]::text || chr(10) || p_metadata[n]::text,
              'UTF8')), 'hex');
            INSERT INTO ${this.events} (position, id, stream, revision, type, data, metadata, hash)
              VALUES (v_last - v_count + n, p_ids[n], p_stream, v_current + n, p_types[n], p_data[n], p_metadata[n], v_hash);
            v_previous := v_hash;
          END LOOP;
          -- Delivered to listeners only if and when the append commits.
          PERFORM pg_notify(p_channel, v_last::text);
          RETURN QUERY SELECT v_last, v_current + v_count, NULL::json;
        END
        $fn$`);
    }));
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendable(stream, events, expectedRevision);
    const call = this.appendCall(stream, events, expectedRevision);
    // One round trip: the function runs as its own transaction. Only the test hook needs an
    // explicit one, to hold the append open (and the counter locked) before COMMIT.
    const hook = this.beforeCommit;
    const { rows } = await guard(() =>
      hook
        ? this.transaction(async (client) => {
            const r = await client.query<AppendRow>(call);
            if (r.rows[0]?.last !== null) await hook();
            return r;
          })
        : this.pool.query<AppendRow>(call),
    );
    const { result, written } = appendOutcome(stream, events, expectedRevision, rows[0]!);
    if (written && this.listeners.size > 0) setImmediate(() => this.notify(result.position));
    return result;
  }

  /**
   * Every part through the append function inside one transaction: the counter's lock, taken by
   * the first, is held to COMMIT, so the parts' events take consecutive positions; a conflict in
   * any part throws and takes the others back.
   */
  async appendMany(parts: StreamAppend[]): Promise<AppendResult[]> {
    assertAppendableParts(parts);
    const outcomes = await guard(() => this.transaction(async (client) => {
      const done: ReturnType<typeof appendOutcome>[] = [];
      for (const part of parts) {
        const { rows } = await client.query<AppendRow>(this.appendCall(part.stream, part.events, part.expectedRevision));
        done.push(appendOutcome(part.stream, part.events, part.expectedRevision, rows[0]!));
      }
      const written = done.filter((o) => o.written).length;
      if (written !== 0 && written !== done.length) throw new PartlyStoredError();
      if (written > 0 && this.beforeCommit) await this.beforeCommit();
      return done;
    }));
    const results = outcomes.map((o) => o.result);
    if (outcomes[0]!.written && this.listeners.size > 0) {
      const last = Math.max(...results.map((r) => r.position));
      setImmediate(() => this.notify(last));
    }
    return results;
  }

  private appendCall(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): pg.QueryConfig {
    return {
      name: `${this.schema}:append`,
      text: `SELECT last, revision, stored FROM ${this.appendFunction}($1, $2, $3, $4, $5::json[], $6::json[], $7)`,
      values: [
        stream,
        expectedRevision === 'any' ? null : expectedRevision,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => storableJson(stream, e.data)),
        events.map((e) => storableJson(stream, e.metadata)),
        this.channel,
      ],
    };
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
    return rows.map(asStored);
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
    return rows.map(asStored);
  }

  async readChain(options: ReadAllOptions = {}): Promise<ChainedEvent[]> {
    const { rows } = await guard(() => this.pool.query<{ position: string; id: string; stream: string; revision: string; type: string; data: string; metadata: string; hash: string | null }>(
      `SELECT position, id, stream, revision, type, data::text AS data, metadata::text AS metadata, hash FROM ${this.events} WHERE position > $1 ORDER BY position LIMIT $2`,
      [options.after ?? 0, options.limit ?? 500],
    ));
    return rows.map((row) => ({ ...row, position: Number(row.position), revision: Number(row.revision), hash: row.hash ?? '' }));
  }

  /**
   * A log written before the hash chain (issue 17): its events are chained in position order,
   * once, inside init's transaction with the counter locked, so no append comes between.
   */
  private async chainExistingEvents(client: pg.PoolClient): Promise<void> {
    // Appends always chain, and this chaining is all or nothing: a log whose last event has its
    // hash (or an empty one) is chained. One look-up at each start, not a scan.
    const { rows: last } = await client.query<{ hash: string | null }>(`SELECT hash FROM ${this.events} ORDER BY position DESC LIMIT 1`);
    if (last.length === 0 || last[0]!.hash !== null) return;
    await client.query(`SELECT value FROM ${this.counter} FOR UPDATE`);
    let previous = GENESIS_HASH;
    for (let after = 0; ; ) {
      const { rows } = await client.query<{ position: string; id: string; stream: string; revision: string; type: string; data: string; metadata: string; hash: string | null }>(
        `SELECT position, id, stream, revision, type, data::text AS data, metadata::text AS metadata, hash FROM ${this.events} WHERE position > $1 ORDER BY position LIMIT 5000`,
        [after],
      );
      const positions: string[] = [];
      const hashes: string[] = [];
      for (const row of rows) {
        const hash = row.hash ?? chainHash(previous, { ...row, revision: Number(row.revision) });
        if (row.hash === null) {
          positions.push(row.position);
          hashes.push(hash);
        }
        previous = hash;
        after = Number(row.position);
      }
      if (positions.length > 0) {
        await client.query(`UPDATE ${this.events} e SET hash = u.h FROM unnest($1::bigint[], $2::text[]) AS u(p, h) WHERE e.position = u.p`, [positions, hashes]);
      }
      if (rows.length < 5000) return;
    }
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

  private transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, work);
  }

  /** One dedicated connection (not from the pool: it is held for as long as anyone listens). */
  private async connectListener(): Promise<void> {
    this.reconnectTimer = undefined;
    if (!this.listening) return;
    // No query timeout: this connection waits for notifications for as long as it lives.
    const client = new pg.Client({ ...this.pool.options, query_timeout: undefined });
    this.listenClient = client;
    client.on('error', (error: Error) => this.listenerDropped(client, error));
    client.on('end', () => this.listenerDropped(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.notify(Number(message.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (error) {
      this.listenerDropped(client, error as Error);
      return;
    }
    if (this.listenClient !== client) return;
    this.reconnectMs = firstReconnectMs;
    this.reportListen('listening');
    // Appends committed before LISTEN took effect (at start, or while the connection was down)
    // sent notifications nobody heard: tell listeners where the log is now.
    try {
      this.notify(await this.headPosition(), true);
    } catch {
      // The pool cannot reach the server either; the next notification will do.
    }
  }

  private listenerDropped(client: pg.Client, error?: Error): void {
    if (this.listenClient !== client) return;
    this.listenClient = undefined;
    client.end().catch(() => {});
    if (!this.listening || this.reconnectTimer) return;
    this.reportListen('lost', error);
    // Not unref()ed: while anyone subscribes, this timer is what keeps an idle process alive
    // through an outage (it would otherwise exit with nothing left to wait on).
    this.reconnectTimer = setTimeout(() => void this.connectListener(), this.reconnectMs);
    this.reconnectMs = Math.min(this.reconnectMs * 2, maxReconnectMs);
  }

  private reportListen(state: 'listening' | 'lost', error?: Error): void {
    if (state === this.listenState) return;
    this.listenState = state;
    this.onListenState?.(state, error);
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


/** What the append function's row means: the events as written, or a retry's originals (a conflict throws). */
function appendOutcome(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision, row: AppendRow): { result: AppendResult; written: boolean } {
  const currentRevision = Number(row.revision);
  if (row.last === null) {
    // Nothing written: a stale revision or ids already stored. The shared rule decides which.
    const retry = checkAppend(stream, events, expectedRevision, currentRevision, (row.stored ?? []).map(asStored));
    if (retry) return { result: retry, written: false };
    throw new Error(`append to ${stream}: the store declined without a reason`);
  }
  const last = Number(row.last);
  const first = last - events.length + 1;
  const recorded = events.map((e, i): RecordedEvent => ({
    id: e.id, stream, revision: currentRevision - events.length + i + 1, position: first + i,
    type: e.type, data: e.data, metadata: e.metadata,
  }));
  return { result: { position: last, revision: currentRevision, events: recorded }, written: true };
}
