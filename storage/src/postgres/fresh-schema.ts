import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * For tests: a pool and a new random schema name (a store's init() creates the schema);
 * `drop` removes the schema and ends the pool.
 */
export async function freshSchema(url: string, options: { prefix: string; max?: number }) {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {});
  const schema = `t_${options.prefix}_${randomBytes(8).toString('hex')}`;
  return {
    pool,
    schema,
    drop: async () => {
      await pool.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      await pool.end();
    },
  };
}
