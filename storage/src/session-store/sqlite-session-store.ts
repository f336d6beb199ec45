import type { SqliteDatabase } from '../sqlite/open-database';
import type { Admission, AdmissionRequest, AttemptCount, SessionRecord, SessionStore } from './session-store';

interface SessionRow {
  id: string;
  user_id: string | null;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

interface AttemptRow {
  count: number;
  reset_at: number;
}

/**
 * Sessions and attempt counters in SQLite (tables `sessions` and `attempts`, may share the file
 * with the other adapters). better-sqlite3 is synchronous, so each call is one statement and
 * concurrent hits cannot lose a count. Expired rows are purged whenever a session is created,
 * with the new session's createdAt as "now", so the purge follows the caller's clock.
 */
export class SqliteSessionStore implements SessionStore {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT,
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS sessions_user_id ON sessions (user_id) WHERE user_id IS NOT NULL;
      CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);
      CREATE TABLE IF NOT EXISTS attempts (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS attempts_reset_at ON attempts (reset_at);
    `);
    this.statements = prepareStatements(db);
    // IMMEDIATE: the write lock is taken before the counters are read, so two processes sharing
    // the file cannot both admit the last attempt a limit allows.
    this.admitAtomically = db.transaction((request: AdmissionRequest, now: number) => this.admitNow(request, now)).immediate;
  }

  private readonly admitAtomically: (request: AdmissionRequest, now: number) => Admission;

  async create(record: SessionRecord): Promise<void> {
    this.statements.purgeSessions.run(record.createdAt);
    this.statements.purgeAttempts.run(record.createdAt);
    this.statements.insert.run(
      record.id, record.userId, record.csrfToken, record.createdAt, record.lastSeenAt, record.expiresAt,
    );
  }

  async get(id: string, now = Date.now()): Promise<SessionRecord | null> {
    const row = this.statements.get.get(id, now);
    return row ? toRecord(row) : null;
  }

  async touch(id: string, lastSeenAt: number, expiresAt: number): Promise<void> {
    this.statements.touch.run(lastSeenAt, expiresAt, id);
  }

  async destroy(id: string): Promise<void> {
    this.statements.destroy.run(id);
  }

  async destroyForUser(userId: string, exceptId?: string): Promise<number> {
    return this.statements.destroyForUser.run({ userId, exceptId: exceptId ?? null }).changes;
  }

  async admit(request: AdmissionRequest, now = Date.now()): Promise<Admission> {
    return this.admitAtomically(request, now);
  }

  async release(keys: readonly string[], now = Date.now()): Promise<void> {
    for (const key of keys) this.statements.release.run(key, now);
  }

  async hit(key: string, windowMs: number, now = Date.now()): Promise<AttemptCount> {
    const row = this.statements.hit.get({ key, now, resetAt: now + windowMs })!;
    return { count: row.count, resetAt: row.reset_at };
  }

  /** Inside the IMMEDIATE transaction: reads every counter, decides, and writes, as one step. */
  private admitNow(request: AdmissionRequest, now: number): Admission {
    const limited = request.limits.map((limit) => {
      const row = this.statements.peek.get(limit.key, now);
      return { limit, count: row?.count ?? 0, resetAt: row?.reset_at ?? now + request.windowMs };
    });
    const retryAfterMs = Math.max(0, ...limited.filter((l) => l.count >= l.limit.limit).map((l) => l.resetAt - now));
    if (limited.some((l) => l.count >= l.limit.limit)) return { admitted: false, retryAfterMs: Math.max(1, retryAfterMs) };
    for (const l of limited) this.statements.put.run({ key: l.limit.key, count: l.count + 1, resetAt: l.resetAt });
    return { admitted: true };
  }

  async peek(key: string, now = Date.now()): Promise<AttemptCount | null> {
    const row = this.statements.peek.get(key, now);
    return row ? { count: row.count, resetAt: row.reset_at } : null;
  }

  async clear(key: string): Promise<void> {
    this.statements.clear.run(key);
  }

  /** The database belongs to the caller: close() leaves it open. */
  async close(): Promise<void> {}
}

function prepareStatements(db: SqliteDatabase) {
  return {
    insert: db.prepare<[string, string | null, string, number, number, number]>(
      `INSERT INTO sessions (id, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    get: db.prepare<[string, number], SessionRow>(`SELECT * FROM sessions WHERE id = ? AND expires_at > ?`),
    touch: db.prepare<[number, number, string]>(`UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?`),
    destroy: db.prepare<[string]>(`DELETE FROM sessions WHERE id = ?`),
    destroyForUser: db.prepare<[{ userId: string; exceptId: string | null }]>(
      `DELETE FROM sessions WHERE user_id = @userId AND (@exceptId IS NULL OR id <> @exceptId)`,
    ),
    purgeSessions: db.prepare<[number]>(`DELETE FROM sessions WHERE expires_at <= ?`),
    purgeAttempts: db.prepare<[number]>(`DELETE FROM attempts WHERE reset_at <= ?`),
    put: db.prepare<[{ key: string; count: number; resetAt: number }]>(`
      INSERT INTO attempts (key, count, reset_at) VALUES (@key, @count, @resetAt)
      ON CONFLICT (key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at`),
    // One statement: a window that has passed starts again at 1 (SET reads the old row throughout).
    hit: db.prepare<[{ key: string; now: number; resetAt: number }], AttemptRow>(`
      INSERT INTO attempts (key, count, reset_at) VALUES (@key, 1, @resetAt)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN attempts.reset_at <= @now THEN 1 ELSE attempts.count + 1 END,
        reset_at = CASE WHEN attempts.reset_at <= @now THEN excluded.reset_at ELSE attempts.reset_at END
      RETURNING count, reset_at`),
    release: db.prepare<[string, number]>(`UPDATE attempts SET count = count - 1 WHERE key = ? AND reset_at > ? AND count > 0`),
    peek: db.prepare<[string, number], AttemptRow>(`SELECT count, reset_at FROM attempts WHERE key = ? AND reset_at > ?`),
    clear: db.prepare<[string]>(`DELETE FROM attempts WHERE key = ?`),
  };
}

function toRecord(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}
