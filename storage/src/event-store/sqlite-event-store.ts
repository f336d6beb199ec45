import type { EventMetadata, NewEvent, RecordedEvent } from '@pagelog/contracts/events/event';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../sqlite/open-database';
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

interface EventRow {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

const pollMs = 500;

/**
 * Event store on a SQLite file (better-sqlite3). SQLite lets one writer at a time in, and an
 * append is one IMMEDIATE transaction, so the AUTOINCREMENT position is commit order and a
 * rolled-back append leaves no gap.
 */
export class SqliteEventStore implements EventStore {
  private readonly listeners = new Set<(position: number) => void>();
  private poll: NodeJS.Timeout | undefined;
  /** Highest position listeners have been told about (or that was there when polling began). */
  private notified = 0;

  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly appendTx: Database.Transaction<
    (stream: string, events: NewEvent[], expected: ExpectedRevision) => AppendResult & { written: boolean }
  >;
  private readonly appendManyTx: Database.Transaction<(parts: StreamAppend[]) => { results: AppendResult[]; written: boolean }>;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS es_events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        hash TEXT,
        UNIQUE (stream, revision)
      );
    `);
    chainExistingEvents(db);
    this.statements = prepareStatements(db);
    const insertEach = (stream: string, events: NewEvent[], current: number): RecordedEvent[] => {
      // Inside the IMMEDIATE transaction: no other writer can append between this read and the
      // inserts. An event another process wrote without a hash (an older Pagelog on the same file)
      // is chained first: the chain never starts again from zero after an event.
      let last = this.statements.lastHash.get();
      if (last !== undefined && last.hash === null) {
        chainUnchained(db);
        last = this.statements.lastHash.get();
      }
      let previous = last?.hash ?? GENESIS_HASH;
      return events.map((e, i): RecordedEvent => {
        const revision = current + i + 1;
        const data = storableJson(stream, e.data);
        const metadata = storableJson(stream, e.metadata);
        const hash = chainHash(previous, { id: e.id, stream, revision, type: e.type, data, metadata });
        const info = this.statements.insert.run(e.id, stream, revision, e.type, data, metadata, hash);
        previous = hash;
        return { id: e.id, stream, revision, position: Number(info.lastInsertRowid), type: e.type, data: e.data, metadata: e.metadata };
      });
    };
    // Several inserts go in a savepoint, so one that fails takes the others back with it; a
    // single insert that fails has written nothing, and skips the savepoint's two statements.
    const insertInSavepoint = db.transaction(insertEach);
    const insertAll = (stream: string, events: NewEvent[], current: number) =>
      events.length === 1 ? insertEach(stream, events, current) : insertInSavepoint(stream, events, current);
    this.appendTx = db.transaction(
      (stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): AppendResult & { written: boolean } => {
        const current = this.statements.revision.get(stream)?.revision ?? 0;
        if (expectedRevision === 'any' || expectedRevision === current) {
          // The common case writes at once; only a duplicate id (a retried append) needs the
          // look-up below; a failed insertAll leaves nothing behind.
          try {
            const recorded = insertAll(stream, events, current);
            const last = recorded[recorded.length - 1]!;
            return { position: last.position, revision: last.revision, events: recorded, written: true };
          } catch (error) {
            if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
          }
        }
        const stored = this.statements.byIds.all(JSON.stringify(events.map((e) => e.id))).map(asStored);
        const retry = checkAppend(stream, events, expectedRevision, current, stored);
        if (retry) return { ...retry, written: false };
        // Unreachable: a matching revision whose insert failed on a unique key has stored ids.
        throw new Error(`append to ${stream}: unique key violated without a stored id`);
      },
    );
    // Each part in a savepoint of one IMMEDIATE transaction: a conflict in any takes them all back.
    this.appendManyTx = db.transaction((parts: StreamAppend[]) => {
      const results = parts.map((part) => this.appendTx(part.stream, part.events, part.expectedRevision));
      const written = results.filter((r) => r.written).length;
      if (written !== 0 && written !== results.length) throw new PartlyStoredError();
      return { results: results.map(({ written: _w, ...result }) => result), written: written > 0 };
    });
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    assertAppendable(stream, events, expectedRevision);
    // IMMEDIATE takes the write lock before the revision check, so another process cannot slip
    // in between (and busy_timeout makes it wait rather than fail).
    const { written, ...result } = guard(() => this.appendTx.immediate(stream, events, expectedRevision));
    if (written) this.announce(result.position);
    return result;
  }

  async appendMany(parts: StreamAppend[]): Promise<AppendResult[]> {
    assertAppendableParts(parts);
    const { results, written } = guard(() => this.appendManyTx.immediate(parts));
    if (written) this.announce(Math.max(...results.map((r) => r.position)));
    return results;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? -1;
    const rows = options.direction === 'backwards'
      ? this.statements.backwards.all(stream, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
      : this.statements.forwards.all(stream, options.fromRevision ?? 1, limit);
    return rows.map(asRead);
  }

  async streamRevision(stream: string): Promise<number> {
    return this.statements.revision.get(stream)?.revision ?? 0;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return guard(() => this.statements.all.all(options.after ?? 0, options.limit ?? 500)).map(asRead);
  }

  async headPosition(): Promise<number> {
    return this.head();
  }

  async readChain(options: ReadAllOptions = {}): Promise<ChainedEvent[]> {
    return guard(() => this.statements.chain.all(options.after ?? 0, options.limit ?? 500)).map((row) => ({ ...row, hash: row.hash ?? '' }));
  }

  subscribe(listener: (position: number) => void): () => void {
    this.listeners.add(listener);
    if (!this.poll) {
      this.notified = Math.max(this.notified, this.head());
      // Another process appending to the same file cannot tell us; a max(position) every
      // half second is cheap and only runs while someone listens.
      this.poll = setInterval(() => {
        let head: number;
        try {
          head = this.head();
        } catch {
          return; // the shared database was closed under us; close() will stop the timer
        }
        if (head > this.notified) this.notify(head);
      }, pollMs);
      this.poll.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopPolling();
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.stopPolling();
  }

  private head(): number {
    return this.statements.head.get()?.head ?? 0;
  }

  /** Tells listeners after the transaction has returned, never from inside it. */
  private announce(position: number): void {
    if (this.listeners.size === 0) return;
    setImmediate(() => {
      if (position > this.notified) this.notify(position);
    });
  }

  private notify(position: number): void {
    this.notified = position;
    notifyListeners(this.listeners, position);
  }

  private stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    revision: db.prepare<[string], { revision: number }>(
      'SELECT coalesce(max(revision), 0) AS revision FROM es_events WHERE stream = ?',
    ),
    byIds: db.prepare<[string], EventRow>(
      'SELECT * FROM es_events WHERE id IN (SELECT value FROM json_each(?))',
    ),
    insert: db.prepare<[string, string, number, string, string, string, string]>(
      'INSERT INTO es_events (id, stream, revision, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    lastHash: db.prepare<[], { hash: string | null }>('SELECT hash FROM es_events ORDER BY position DESC LIMIT 1'),
    chain: db.prepare<[number, number], Omit<ChainedEvent, 'hash'> & { hash: string | null }>(
      'SELECT position, id, stream, revision, type, data, metadata, hash FROM es_events WHERE position > ? ORDER BY position LIMIT ?',
    ),
    forwards: db.prepare<[string, number, number], EventRow>(
      'SELECT * FROM es_events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    backwards: db.prepare<[string, number, number], EventRow>(
      'SELECT * FROM es_events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
    ),
    all: db.prepare<[number, number], EventRow>(
      'SELECT * FROM es_events WHERE position > ? ORDER BY position LIMIT ?',
    ),
    head: db.prepare<[], { head: number }>('SELECT coalesce(max(position), 0) AS head FROM es_events'),
  };
}

/**
 * A log written before the hash chain (issue 17): the column is added (by whichever process gets
 * there first) and the events are chained in position order, once, in one IMMEDIATE transaction,
 * so no append can come between. Only the last event is looked at on each start: appends always
 * chain, and this chaining is all or nothing.
 */
function chainExistingEvents(db: SqliteDatabase): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(es_events)').all();
  if (!columns.some((column) => column.name === 'hash')) {
    try {
      db.exec('ALTER TABLE es_events ADD COLUMN hash TEXT');
    } catch (error) {
      // Another process opening the same file added it a moment before.
      if (!/duplicate column/i.test((error as Error).message)) throw error;
    }
  }
  if (unchainedTail(db)) db.transaction(() => chainUnchained(db)).immediate();
}

/** Whether the log's last event has no hash (an event written by Pagelog before the chain). */
function unchainedTail(db: SqliteDatabase): boolean {
  const last = db.prepare<[], { hash: string | null }>('SELECT hash FROM es_events ORDER BY position DESC LIMIT 1').get();
  return last !== undefined && last.hash === null;
}

/** Chains every event without a hash, in position order, from the hashes before it. Runs inside the caller's write transaction. */
function chainUnchained(db: SqliteDatabase): void {
  const batch = db.prepare<[number], Omit<ChainedEvent, 'hash'> & { hash: string | null }>(
    'SELECT position, id, stream, revision, type, data, metadata, hash FROM es_events WHERE position > ? ORDER BY position LIMIT 5000',
  );
  const update = db.prepare<[string, number]>('UPDATE es_events SET hash = ? WHERE position = ?');
  let previous = GENESIS_HASH;
  for (let after = 0; ; ) {
    const rows = batch.all(after);
    for (const row of rows) {
      const hash = row.hash ?? chainHash(previous, row);
      if (row.hash === null) update.run(hash, row.position);
      previous = hash;
      after = row.position;
    }
    if (rows.length < 5000) break;
  }
}

/** A write lock held past busy_timeout means the store cannot take writes now: 503. */
function guard<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    const code = (error as { code?: string } | null)?.code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) throw new StoreUnavailableError(error);
    throw error;
  }
}

/** The row as written, for append results (an idempotent retry returns what was stored). */
function asStored(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
  };
}

/** The row as readers see it: data lifted to the current schema version of its type. */
function asRead(row: EventRow): RecordedEvent {
  const metadata = JSON.parse(row.metadata) as EventMetadata;
  return {
    id: row.id,
    stream: row.stream,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data),
    metadata,
  };
}
