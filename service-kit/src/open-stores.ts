import { join } from 'node:path';
import pg from 'pg';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { openDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { PostgresReadModelStore } from '@pagelog/storage/read-model-store/postgres-read-model-store';
import type { Config } from './config';

export interface Stores {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** A short description for the start-up log. */
  describe: string;
  close(): Promise<void>;
}

/** Wires the adapters the configuration names: one SQLite file, or a PostgreSQL database. */
export async function openStores(config: Pick<Config, 'store' | 'dataDir' | 'databaseUrl' | 'pgSchema'>): Promise<Stores> {
  if (config.store === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl ?? undefined, max: 10 });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const eventStore = new PostgresEventStore({ pool, schema: config.pgSchema });
    const readModels = new PostgresReadModelStore({ pool, schema: config.pgSchema });
    await eventStore.init();
    await readModels.init();
    return {
      eventStore,
      readModels,
      describe: `postgres (schema ${config.pgSchema})`,
      async close() {
        await eventStore.close();
        await readModels.close();
        await pool.end();
      },
    };
  }
  const file = join(config.dataDir, 'pagelog.db');
  const db = openDatabase(file);
  const eventStore = new SqliteEventStore(db);
  const readModels = new SqliteReadModelStore(db);
  return {
    eventStore,
    readModels,
    describe: `sqlite (${file})`,
    async close() {
      await eventStore.close();
      await readModels.close();
      db.close();
    },
  };
}
