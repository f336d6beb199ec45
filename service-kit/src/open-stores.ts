import { join } from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import { createPool } from '@pagelog/storage/postgres/pool';
import { classifyStoreError } from '@pagelog/storage/store-errors';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { MongoClient } from 'mongodb';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { openDatabase, type SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import { PostgresEventStore } from '@pagelog/storage/event-store/postgres-event-store';
import { PostgresReadModelStore } from '@pagelog/storage/read-model-store/postgres-read-model-store';
import { KurrentDbEventStore } from '@pagelog/storage/event-store/kurrentdb-event-store';
import { MongoReadModelStore } from '@pagelog/storage/read-model-store/mongodb-read-model-store';
import type { IdempotencyStore } from '@pagelog/storage/idempotency-store/idempotency-store';
import { SqliteIdempotencyStore } from '@pagelog/storage/idempotency-store/sqlite-idempotency-store';
import { PostgresIdempotencyStore } from '@pagelog/storage/idempotency-store/postgres-idempotency-store';
import { upcasting } from '@pagelog/storage/event-store/upcasting-event-store';
import type { SearchIndex } from '@pagelog/storage/search-index/search-index';
import { SqliteSearchIndex } from '@pagelog/storage/search-index/sqlite-search-index';
import { PostgresSearchIndex } from '@pagelog/storage/search-index/postgres-search-index';
import { ElasticsearchSearchIndex } from '@pagelog/storage/search-index/elasticsearch-search-index';
import { Client as ElasticsearchClient } from '@elastic/elasticsearch';
import type { Config } from './config';

export interface Stores {
  eventStore: EventStore;
  readModels: ReadModelStore;
  /** The site search index (issue 15): fed by the projector's search runners, read by the query service. */
  searchIndex: SearchIndex;
  /** Commands sent with an Idempotency-Key and their answers, for 24 hours (decision 0007). */
  idempotency: IdempotencyStore;
  /** A short description for the start-up log. */
  describe: string;
  close(): Promise<void>;
}

type StoreConfig = Pick<Config, 'eventStore' | 'readModelStore' | 'dataDir' | 'databaseUrl' | 'pgSchema' | 'kurrentDbUrl' | 'mongoDbUrl'> &
  Partial<Pick<Config, 'searchIndex' | 'elasticsearchUrl' | 'elasticsearchPrefix'>> &
  Partial<Pick<Config, 'pgTimeouts'>>;

/**
 * Runs a store's start-up step until the store can be reached: a service may start before its
 * database (a compose file, a reboot) and waits for it, logging, rather than exit.
 */
export async function untilReachable<T>(work: () => Promise<T>, logger?: Logger, maxWaitMs = 5_000): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const trouble = classifyStoreError(error) ?? classifyStoreError((error as { cause?: unknown }).cause);
      if (!trouble) throw error;
      logger?.warn({ problem: trouble.advice, attempt }, 'waiting for the store');
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** Math.min(attempt - 1, 10), maxWaitMs)));
    }
  }
}

/**
 * Wires the adapters the configuration names. By default events and read models share one
 * engine (one SQLite file, or one PostgreSQL schema); PAGELOG_EVENT_STORE and
 * PAGELOG_READ_MODEL_STORE can put them on KurrentDB and MongoDB instead.
 */
export async function openStores(config: StoreConfig, logger?: Logger): Promise<Stores> {
  const closers: (() => Promise<void> | void)[] = [];
  const described: string[] = [];
  let sqlite: SqliteDatabase | null = null;
  let pool: pg.Pool | null = null;
  const sqliteDb = () => {
    if (!sqlite) {
      const file = join(config.dataDir, 'pagelog.db');
      sqlite = openDatabase(file);
      described.push(`sqlite (${file})`);
    }
    return sqlite;
  };
  const pgPool = () => {
    if (!pool) {
      pool = createPool({
        connectionString: config.databaseUrl!,
        max: 10,
        timeouts: config.pgTimeouts,
        applicationName: 'pagelog-stores',
        // A dropped idle connection must not crash the process; the next query reconnects.
        onIdleError: (error) => logger?.warn({ error }, 'an idle database connection broke; the next query opens a new one'),
      });
      described.push(`postgres (schema ${config.pgSchema})`);
    }
    return pool;
  };

  let eventStore: EventStore;
  if (config.eventStore === 'kurrentdb') {
    const client = KurrentDBClient.connectionString`${config.kurrentDbUrl!}`;
    eventStore = new KurrentDbEventStore({ client });
    closers.push(() => client.dispose());
    described.push('kurrentdb (events)');
  } else if (config.eventStore === 'postgres') {
    const store = new PostgresEventStore({
      pool: pgPool(),
      schema: config.pgSchema,
      onListenState: (state, error) =>
        state === 'listening'
          ? logger?.info('listening for new events')
          : logger?.warn({ err: error }, 'lost the connection that hears of new events; opening it again until it works'),
    });
    await untilReachable(() => store.init(), logger);
    eventStore = store;
  } else {
    eventStore = new SqliteEventStore(sqliteDb());
  }

  // Every reader sees each event type's current shape (decision: upcasting in one place).
  eventStore = upcasting(eventStore);

  let readModels: ReadModelStore;
  if (config.readModelStore === 'mongodb') {
    const client = new MongoClient(config.mongoDbUrl!);
    await client.connect();
    const store = new MongoReadModelStore({ client, dbName: client.options.dbName || 'pagelog' });
    await store.init();
    readModels = store;
    closers.push(() => client.close());
    described.push('mongodb (read models)');
  } else if (config.readModelStore === 'postgres') {
    const store = new PostgresReadModelStore({ pool: pgPool(), schema: config.pgSchema });
    await untilReachable(() => store.init(), logger);
    readModels = store;
  } else {
    readModels = new SqliteReadModelStore(sqliteDb());
  }

  // Beside the events where that engine has tables (one SQLite file, one PostgreSQL schema);
  // beside KurrentDB in PostgreSQL when there is one, so every command process shares the keys.
  let idempotency: IdempotencyStore;
  if (config.eventStore === 'postgres' || (config.eventStore === 'kurrentdb' && config.databaseUrl)) {
    const store = new PostgresIdempotencyStore({ pool: pgPool(), schema: config.pgSchema });
    await untilReachable(() => store.init(), logger);
    idempotency = store;
  } else {
    idempotency = new SqliteIdempotencyStore(sqliteDb());
  }

  // The search index sits beside the read models by default (the same SQLite file or PostgreSQL schema).
  let searchIndex: SearchIndex;
  const searchEngine = config.searchIndex ?? (config.readModelStore === 'postgres' ? 'postgres' : 'sqlite');
  if (searchEngine === 'elasticsearch') {
    const client = new ElasticsearchClient({ node: config.elasticsearchUrl! });
    searchIndex = new ElasticsearchSearchIndex({ client, prefix: config.elasticsearchPrefix ?? 'pagelog' });
    closers.push(() => client.close());
    described.push('elasticsearch (search)');
  } else if (searchEngine === 'postgres') {
    searchIndex = new PostgresSearchIndex({ pool: pgPool(), schema: config.pgSchema });
  } else {
    searchIndex = new SqliteSearchIndex(sqliteDb());
  }
  await untilReachable(() => searchIndex.init(), logger);

  return {
    eventStore,
    readModels,
    searchIndex,
    idempotency,
    describe: described.join(' + '),
    async close() {
      await eventStore.close();
      await readModels.close();
      await idempotency.close();
      await searchIndex.close();
      for (const close of closers) await close();
      if (pool) await (pool as pg.Pool).end();
      if (sqlite) (sqlite as SqliteDatabase).close();
    },
  };
}
