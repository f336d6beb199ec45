import pg from 'pg';
import { guard } from './pg-errors';

/**
 * Creates a schema and runs `ddl` (CREATE ... IF NOT EXISTS statements) in one transaction under
 * an advisory lock named `lockName`, so several processes starting at once do not trip over
 * each other's CREATE.
 */
export async function createTables(pool: pg.Pool, schema: string, lockName: string, ddl: string): Promise<void> {
  await guard(async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagelog:${lockName}:${schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${pg.escapeIdentifier(schema)}`);
      await client.query(ddl);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
}
