import type { SqliteDatabase } from '../sqlite/open-database';
import type { KeyStore } from './key-store';

/**
 * Per-owner keys in SQLite (table `personal_data_keys`, may share the file with the other
 * adapters). A destroyed key is deleted with `secure_delete` switched on for that one statement,
 * so SQLite overwrites its bytes instead of leaving them in a free page of the file. Until the
 * next checkpoint the old page may still sit in the WAL file.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: SqliteDatabase;
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS personal_data_keys (
        owner_id TEXT PRIMARY KEY,
        wrapped_key BLOB NOT NULL,
        created_at INTEGER NOT NULL
      );
    `);
    this.db = db;
    this.statements = prepareStatements(db);
  }

  async putIfAbsent(ownerId: string, wrappedKey: Buffer): Promise<Buffer> {
    this.statements.insert.run(ownerId, wrappedKey, Date.now());
    return this.statements.get.get(ownerId)!;
  }

  async get(ownerId: string): Promise<Buffer | null> {
    return this.statements.get.get(ownerId) ?? null;
  }

  async destroy(ownerId: string): Promise<void> {
    // better-sqlite3 is synchronous, so nothing else runs on this connection while the pragma is on.
    const previous = this.db.pragma('secure_delete', { simple: true }) as number;
    this.db.pragma('secure_delete = ON');
    try {
      this.statements.destroy.run(ownerId);
    } finally {
      this.db.pragma(`secure_delete = ${Number(previous)}`);
    }
  }

  /** The database belongs to the caller: close() leaves it open. */
  async close(): Promise<void> {}
}

function prepareStatements(db: SqliteDatabase) {
  return {
    insert: db.prepare<[string, Buffer, number]>(
      `INSERT INTO personal_data_keys (owner_id, wrapped_key, created_at) VALUES (?, ?, ?) ON CONFLICT (owner_id) DO NOTHING`,
    ),
    get: db.prepare<[string], Buffer>(`SELECT wrapped_key FROM personal_data_keys WHERE owner_id = ?`).pluck(),
    destroy: db.prepare<[string]>(`DELETE FROM personal_data_keys WHERE owner_id = ?`),
  };
}
