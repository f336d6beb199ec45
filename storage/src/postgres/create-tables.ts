import pg from 'pg';
import { inTransaction } from './transaction';

/**
 * Creates a schema and runs `ddl` (CREATE ... IF NOT EXISTS statements) in one transaction under
 * an advisory lock named `lockName`, so several processes starting at once do not trip over
 * each other's CREATE.
 */
export async function createTables(pool: pg.Pool, schema: string, lockName: string, ddl: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagelog:${lockName}:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
    await client.query(ddl);
  });
}
