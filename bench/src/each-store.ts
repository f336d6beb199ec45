import type { RunningProcess } from '@pagelog/server/test-kit/processes';
import { dropSchema, freshSchemaName, postgresUrl, tempDir } from './common';
import { startPagelog } from './site-cache';

/**
 * One measure on the product started afresh on each store: the embedded product on SQLite, then
 * (when PostgreSQL answers) the product on PostgreSQL in a schema of its own, dropped afterwards.
 * `env` goes to both. Answers the measures' rows, SQLite's first.
 */
export async function onEachStore<R>(label: string, env: Record<string, string>, measure: (store: string, url: string) => Promise<R>): Promise<R[]> {
  const dir = tempDir(label);
  const processes: RunningProcess[] = [];
  const rows: R[] = [];
  try {
    rows.push(await measure('SQLite (embedded)', await startPagelog(`${dir.path}/sqlite`, env, processes)));
    await Promise.all(processes.splice(0).map((p) => p.stop()));
    const pg = await postgresUrl();
    if (pg) {
      const schema = freshSchemaName(label);
      try {
        rows.push(await measure('PostgreSQL', await startPagelog(`${dir.path}/pg`, { ...env, PAGELOG_STORE: 'postgres', DATABASE_URL: pg, PAGELOG_PG_SCHEMA: schema }, processes)));
      } finally {
        await Promise.all(processes.splice(0).map((p) => p.stop()));
        await dropSchema(pg, schema);
      }
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    dir.remove();
  }
  return rows;
}
