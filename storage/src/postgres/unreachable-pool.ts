import pg from 'pg';

/** For tests: a pool pointed at a port where no PostgreSQL answers, as a store sees an outage. */
export function unreachablePool(): pg.Pool {
  const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'postgres', database: 'test', connectionTimeoutMillis: 2000 });
  pool.on('error', () => {});
  return pool;
}
