import type Database from 'better-sqlite3';
import type { SqliteDatabase } from '../sqlite/open-database';
import { decideBegin, PURGE_INTERVAL_MS, type BeginOutcome, type BeginRequest, type IdempotencyRow, type IdempotencyStore } from './idempotency-store';

interface Row {
  fingerprint: string;
  state: IdempotencyRow['state'];
  started_at: number;
  lease_until: number;
  lease: string;
  expires_at: number;
  response: string | null;
}

/**
 * Idempotency keys in SQLite (table `idempotency_keys`, in the embedded mode's one database
 * file). `begin` is one IMMEDIATE transaction, so the read and the write of a row cannot be split
 * by another connection to the same file.
 */
export class SqliteIdempotencyStore implements IdempotencyStore {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly beginTx: Database.Transaction<(scope: string, key: string, request: BeginRequest) => BeginOutcome>;
  private lastPurge = 0;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS idempotency_keys (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        state TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        lease_until INTEGER NOT NULL,
        lease TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        response TEXT,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at);
    `);
    this.statements = prepareStatements(db);
    this.beginTx = db.transaction((scope: string, key: string, request: BeginRequest) => {
      const stored = this.statements.get.get(scope, key);
      const { outcome, write } = decideBegin(stored ? fromRow(stored) : null, request);
      if (write) {
        this.statements.upsert.run(scope, key, write.fingerprint, write.state, write.startedAt, write.leaseUntil, write.lease, write.expiresAt, write.response);
      }
      return outcome;
    });
  }

  async begin(scope: string, key: string, request: BeginRequest): Promise<BeginOutcome> {
    const outcome = this.beginTx.immediate(scope, key, request);
    if (request.now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = request.now;
      // A side job: the run was recorded, and must be answered (a failure here would leave its
      // key running until the lease ends); the next interval tries again.
      await this.purgeExpired(request.now).catch(() => {});
    }
    return outcome;
  }

  async complete(scope: string, key: string, response: string): Promise<void> {
    this.statements.complete.run(response, scope, key);
  }

  async release(scope: string, key: string, lease: string): Promise<void> {
    this.statements.release.run(scope, key, lease);
  }

  async purgeExpired(now: number): Promise<number> {
    return this.statements.purge.run(now).changes;
  }

  /** The database belongs to the caller: close() leaves it open. */
  async close(): Promise<void> {}
}

function fromRow(row: Row): IdempotencyRow {
  return {
    fingerprint: row.fingerprint,
    state: row.state,
    startedAt: row.started_at,
    leaseUntil: row.lease_until,
    lease: row.lease,
    expiresAt: row.expires_at,
    response: row.response,
  };
}

function prepareStatements(db: SqliteDatabase) {
  return {
    get: db.prepare<[string, string], Row>(
      `SELECT fingerprint, state, started_at, lease_until, lease, expires_at, response FROM idempotency_keys WHERE scope = ? AND key = ?`,
    ),
    upsert: db.prepare<[string, string, string, string, number, number, string, number, string | null]>(
      `INSERT INTO idempotency_keys (scope, key, fingerprint, state, started_at, lease_until, lease, expires_at, response)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, key) DO UPDATE SET
         fingerprint = excluded.fingerprint, state = excluded.state, started_at = excluded.started_at,
         lease_until = excluded.lease_until, lease = excluded.lease, expires_at = excluded.expires_at, response = excluded.response`,
    ),
    complete: db.prepare<[string, string, string]>(
      `UPDATE idempotency_keys SET state = 'done', response = ?, lease_until = 0 WHERE scope = ? AND key = ? AND state <> 'done'`,
    ),
    release: db.prepare<[string, string, string]>(
      `UPDATE idempotency_keys SET state = 'open', lease_until = 0 WHERE scope = ? AND key = ? AND lease = ? AND state = 'running'`,
    ),
    purge: db.prepare<[number]>(`DELETE FROM idempotency_keys WHERE expires_at <= ?`),
  };
}
