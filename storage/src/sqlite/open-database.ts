import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) a SQLite file the way every adapter here expects it: WAL journal,
 * synchronous=FULL (a committed append survives power loss), foreign keys on, and a busy timeout
 * so a second process (the rebuild CLI, say) waits for the write lock instead of failing.
 */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
