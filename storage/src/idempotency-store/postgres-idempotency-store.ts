import pg from 'pg';
import { guard } from '../postgres/pg-errors';
import { createTables } from '../postgres/create-tables';
import { inTransaction } from '../postgres/transaction';
import { decideBegin, PURGE_INTERVAL_MS, type BeginOutcome, type BeginRequest, type IdempotencyRow, type IdempotencyStore } from './idempotency-store';

export interface PostgresIdempotencyStoreOptions {
  /** The caller owns the pool: close() leaves it open. */
  pool: pg.Pool;
  /** Schema holding the table; created by init(). Default 'public'. */
  schema?: string;
}

interface Row {
  fingerprint: string;
  state: IdempotencyRow['state'];
  started_at: string;
  lease_until: string;
  lease: string;
  expires_at: string;
  response: string | null;
}

const columns = 'fingerprint, state, started_at, lease_until, lease, expires_at, response';

/**
 * Idempotency keys in PostgreSQL (table `idempotency_keys` in the store's schema), shared by every
 * command process. `begin` locks the row (FOR UPDATE) for its decision; a first insert that loses
 * the race to another process's insert reads that row, locked, instead.
 */
export class PostgresIdempotencyStore implements IdempotencyStore {
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly table: string;
  private lastPurge = 0;

  constructor(options: PostgresIdempotencyStoreOptions) {
    this.pool = options.pool;
    this.schema = options.schema ?? 'public';
    this.table = `${pg.escapeIdentifier(this.schema)}.idempotency_keys`;
  }

  /** Creates the schema and table if missing; several processes may call it at once. */
  async init(): Promise<void> {
    await createTables(this.pool, this.schema, 'idempotency-store', `
      CREATE TABLE IF NOT EXISTS ${this.table} (
        scope text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        state text NOT NULL,
        started_at bigint NOT NULL,
        lease_until bigint NOT NULL,
        lease text NOT NULL,
        expires_at bigint NOT NULL,
        response text,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON ${this.table} (expires_at)`);
  }

  async begin(scope: string, key: string, request: BeginRequest): Promise<BeginOutcome> {
    const outcome = await inTransaction(this.pool, async (client) => {
      const select = () => client.query<Row>(`SELECT ${columns} FROM ${this.table} WHERE scope = $1 AND key = $2 FOR UPDATE`, [scope, key]);
      let stored = (await select()).rows[0];
      if (!stored) {
        const first = decideBegin(null, request);
        const inserted = await client.query(
          `INSERT INTO ${this.table} (scope, key, ${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (scope, key) DO NOTHING`,
          [scope, key, ...values(first.write!)],
        );
        if (inserted.rowCount === 1) return first.outcome;
        // Another process inserted it first (and has committed: ON CONFLICT waited for it).
        stored = (await select()).rows[0]!;
      }
      const { outcome, write } = decideBegin(fromRow(stored), request);
      if (write) {
        await client.query(
          `UPDATE ${this.table} SET fingerprint = $3, state = $4, started_at = $5, lease_until = $6, lease = $7, expires_at = $8, response = $9
           WHERE scope = $1 AND key = $2`,
          [scope, key, ...values(write)],
        );
      }
      return outcome;
    });
    if (request.now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = request.now;
      // A side job: the answer does not depend on it, and the next interval tries again.
      await this.purgeExpired(request.now).catch(() => {});
    }
    return outcome;
  }

  async complete(scope: string, key: string, response: string): Promise<void> {
    await guard(() =>
      this.pool.query(`UPDATE ${this.table} SET state = 'done', response = $3, lease_until = 0 WHERE scope = $1 AND key = $2 AND state <> 'done'`, [
        scope,
        key,
        response,
      ]),
    );
  }

  async release(scope: string, key: string, lease: string): Promise<void> {
    await guard(() =>
      this.pool.query(`UPDATE ${this.table} SET state = 'open', lease_until = 0 WHERE scope = $1 AND key = $2 AND lease = $3 AND state = 'running'`, [
        scope,
        key,
        lease,
      ]),
    );
  }

  async purgeExpired(now: number): Promise<number> {
    const result = await guard(() => this.pool.query(`DELETE FROM ${this.table} WHERE expires_at <= $1`, [now]));
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {}
}

function values(row: IdempotencyRow): unknown[] {
  return [row.fingerprint, row.state, row.startedAt, row.leaseUntil, row.lease, row.expiresAt, row.response];
}

function fromRow(row: Row): IdempotencyRow {
  return {
    fingerprint: row.fingerprint,
    state: row.state,
    startedAt: Number(row.started_at),
    leaseUntil: Number(row.lease_until),
    lease: row.lease,
    expiresAt: Number(row.expires_at),
    response: row.response,
  };
}
