import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { loadConfig } from '@pagelog/service-kit/config';
import { createLogger } from '@pagelog/service-kit/logger';
import { startPagelog, type RunningPagelog } from '../embedded';
import { TEST_ADMIN } from './api-client';

export type StoreKind = 'sqlite' | 'postgres';

/** The stores a test suite should run against: SQLite always, PostgreSQL when TEST_POSTGRES_URL is set. */
export function storeKinds(): StoreKind[] {
  return process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestPagelog extends RunningPagelog {
  env: Record<string, string>;
  /** Stops the product; `keepData` leaves the data for a restart. */
  stop(keepData?: boolean): Promise<void>;
}

/** Drops a test schema and everything in it. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

/** A name for a fresh PostgreSQL schema (the stores create it). */
export function freshSchemaName(): string {
  return `t_${randomBytes(6).toString('hex')}`;
}

/**
 * Starts the whole product in this process on a free port with empty storage of the given
 * kind. Pass `env` from an earlier run to restart on the same data.
 */
export async function startTestPagelog(
  kind: StoreKind,
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    extraEnv?: Record<string, string>;
    withoutAdmin?: boolean;
    clock?: () => number;
    /** Instead of really waiting (the login throttle's slots). */
    sleep?: (ms: number) => Promise<void>;
    /** Instead of running work after the answer at once. */
    later?: (label: string, work: () => Promise<void>) => void;
    /** Wraps the event store the commands use (tests inject faults). */
    wrapEventStore?: (store: EventStore) => EventStore;
    /** Receives every log line (pino's JSON) at level info and above; without it nothing is logged. */
    onLog?: (entry: Record<string, unknown>) => void;
  } = {},
): Promise<TestPagelog> {
  let env = options.env;
  let dataDir: string | null = null;
  if (!env) {
    dataDir = mkdtempSync(join(tmpdir(), 'pagelog-test-'));
    env = { PORT: '0', HOST: '127.0.0.1', PAGELOG_DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAGELOG_SEED: String(options.seed ?? false) };
    if (!options.withoutAdmin) Object.assign(env, { PAGELOG_ADMIN_EMAIL: TEST_ADMIN.email, PAGELOG_ADMIN_PASSWORD: TEST_ADMIN.password });
    if (process.env.TEST_REDIS_URL && kind === 'postgres') {
      // The PostgreSQL runs keep sessions in Redis, as the distributed mode does.
      Object.assign(env, { PAGELOG_SESSION_STORE: 'redis', REDIS_URL: process.env.TEST_REDIS_URL });
    }
    Object.assign(env, options.extraEnv);
    if (kind === 'postgres') {
      Object.assign(env, { PAGELOG_STORE: 'postgres', DATABASE_URL: process.env.TEST_POSTGRES_URL!, PAGELOG_PG_SCHEMA: freshSchemaName() });
    }
  } else {
    dataDir = env.PAGELOG_DATA_DIR ?? null;
  }
  const config = loadConfig(env);
  const onLog = options.onLog;
  const logger = onLog
    ? pino({ level: 'info' }, { write: (line: string) => onLog(JSON.parse(line) as Record<string, unknown>) })
    : createLogger('silent');
  const running = await startPagelog(config, logger, { clock: options.clock, sleep: options.sleep, later: options.later, wrapEventStore: options.wrapEventStore });
  const frozenEnv = env;
  return {
    ...running,
    env: frozenEnv,
    async stop(keepData = false) {
      await running.close();
      if (keepData) return;
      if (frozenEnv.PAGELOG_PG_SCHEMA) await dropSchema(frozenEnv.DATABASE_URL!, frozenEnv.PAGELOG_PG_SCHEMA);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
