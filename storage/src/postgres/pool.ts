import pg from 'pg';

/** How long PostgreSQL may take, for every pool Pagelog opens (PAGELOG_PG_* in the configuration). */
export interface PgTimeouts {
  /** To open a connection, or wait for a free one in the pool. */
  connectMs: number;
  /**
   * For one query: the server cancels the statement a little before (statement_timeout), and the
   * client gives up on it at this time (a black-holed connection never answers).
   */
  queryMs: number;
  /** A session idle inside an open transaction is ended by the server after this long. */
  idleInTransactionMs: number;
}

export const defaultPgTimeouts: PgTimeouts = { connectMs: 5_000, queryMs: 10_000, idleInTransactionMs: 10_000 };

export interface PoolOptions {
  connectionString: string;
  max: number;
  timeouts?: PgTimeouts;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /**
   * An idle client's connection broke (the pool drops the client; nothing waits on it). Given
   * what is worth logging only: pg's errors can carry their client, its connection and its
   * parameters along.
   */
  onIdleError?: (error: { message: string; code?: string }) => void;
}

/**
 * A pg pool with timeouts and TCP keep-alive, so that a database that has gone away, or a network
 * that swallows packets, turns into errors in bounded time instead of requests that hang. A query
 * that fails on a pooled client through pool.query() discards that client; transactions do the
 * same (see their release(error)).
 */
export function createPool(options: PoolOptions): pg.Pool {
  const t = options.timeouts ?? defaultPgTimeouts;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: t.connectMs,
    query_timeout: t.queryMs,
    // The server stops the statement first, so the client usually hears why.
    statement_timeout: Math.max(1, t.queryMs - 500),
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: options.applicationName ?? 'pagelog',
  });
  // Without a listener a broken idle connection would crash the process.
  pool.on('error', (error: Error & { code?: unknown }) => options.onIdleError?.({ message: error.message, ...(typeof error.code === 'string' ? { code: error.code } : {}) }));
  return pool;
}
