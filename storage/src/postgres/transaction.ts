import type pg from 'pg';
import { guard, isUnavailable } from './pg-errors';

/**
 * Runs `work` in one transaction on a client of the pool. While the client is checked out it has
 * an 'error' listener: a connection reset in the middle of a transaction would otherwise be an
 * unhandled 'error' event that ends the process. A client whose connection broke, or whose
 * ROLLBACK failed, is discarded, not returned to the pool. Store trouble becomes
 * StoreUnavailableError (503).
 */
export function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return guard(async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (broken || isUnavailable(error)) broken ??= error as Error;
      else await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  });
}
