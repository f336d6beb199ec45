import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';

/** For the projector's specs: a log and read models in one new SQLite file, and how to remove them. */
export interface TestLog {
  db: SqliteDatabase;
  events: SqliteEventStore;
  readModels: SqliteReadModelStore;
  close(): Promise<void>;
}

export function openTestLog(prefix: string): TestLog {
  const dir = mkdtempSync(join(tmpdir(), `pagelog-${prefix}-`));
  const db = openDatabase(join(dir, 'p.db'));
  const events = new SqliteEventStore(db);
  const readModels = new SqliteReadModelStore(db);
  return {
    db,
    events,
    readModels,
    async close() {
      await events.close();
      await readModels.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
