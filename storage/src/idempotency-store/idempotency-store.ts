/**
 * What a command did under an Idempotency-Key (decision 0007): one row per (scope, key) holding
 * the request's fingerprint, whether a run is under way (and until when its lease holds), when
 * the first run began, and the stored answer once one succeeded. Rows expire `ttlMs` after the
 * first run began; an expired row counts as absent and is purged.
 *
 * Keys, fingerprints and answers are opaque to the store: the caller passes a digest of the key
 * and an answer it has sealed itself.
 */
export interface IdempotencyStore {
  /**
   * One atomic step, before the command runs: records a new run, or tells why none may start.
   * Concurrent calls for one (scope, key) see each other: at most one of them is told `run`
   * while a lease holds.
   */
  begin(scope: string, key: string, request: BeginRequest): Promise<BeginOutcome>;
  /** Stores the answer of a successful run; from then on `begin` with the same fingerprint answers `done`. */
  complete(scope: string, key: string, response: string): Promise<void>;
  /**
   * Ends a run without an answer (the command failed): the next `begin` with the same fingerprint
   * may run at once, and is given the first run's start. Only the run holding `lease` can do this.
   */
  release(scope: string, key: string, lease: string): Promise<void>;
  /** Deletes the rows that have expired by `now`; answers how many. */
  purgeExpired(now: number): Promise<number>;
  close(): Promise<void>;
}

export interface BeginRequest {
  /** A digest of what the request asks for: the same key with another fingerprint is a misuse. */
  fingerprint: string;
  /** Epoch ms. */
  now: number;
  /** How long a run may take before another may take over (a run that died leaves its lease behind). */
  leaseMs: number;
  /** How long the row is kept after the first run began. */
  ttlMs: number;
  /** A fresh token naming this run (for `release`). */
  lease: string;
}

export type BeginOutcome =
  /** Run the command. `startedAt` is when the first run of this key began (stable across retries). */
  | { kind: 'run'; startedAt: number; lease: string }
  /** An earlier run succeeded: answer with its stored answer. */
  | { kind: 'done'; response: string }
  /** Another run holds the lease for `retryAfterMs` more. */
  | { kind: 'running'; retryAfterMs: number }
  /** The key was used for another request. */
  | { kind: 'mismatch' };

/** A row as the adapters keep it. */
export interface IdempotencyRow {
  fingerprint: string;
  state: 'running' | 'open' | 'done';
  /** Epoch ms: when the first run began. */
  startedAt: number;
  /** Epoch ms: until when the current run's lease holds (0 when no run holds it). */
  leaseUntil: number;
  lease: string;
  /** Epoch ms: from then on the row counts as absent. */
  expiresAt: number;
  response: string | null;
}

/** Rows are kept this long after the first run of their key: retries come within minutes, clients give up within hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** How often an adapter purges expired rows, at most, as a side job of `begin`. */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * The one rule every adapter applies inside its transaction, given the row as stored (or null):
 * what `begin` answers, and the row to write (null: leave it as it is).
 */
export function decideBegin(row: IdempotencyRow | null, request: BeginRequest): { outcome: BeginOutcome; write: IdempotencyRow | null } {
  const { fingerprint, now, leaseMs, ttlMs, lease } = request;
  if (!row || row.expiresAt <= now) {
    return {
      outcome: { kind: 'run', startedAt: now, lease },
      write: { fingerprint, state: 'running', startedAt: now, leaseUntil: now + leaseMs, lease, expiresAt: now + ttlMs, response: null },
    };
  }
  if (row.fingerprint !== fingerprint) return { outcome: { kind: 'mismatch' }, write: null };
  if (row.state === 'done' && row.response !== null) return { outcome: { kind: 'done', response: row.response }, write: null };
  if (row.state === 'running' && row.leaseUntil > now) return { outcome: { kind: 'running', retryAfterMs: row.leaseUntil - now }, write: null };
  // Released by a failed run, or left behind by one that died: run again, as the same command.
  return {
    outcome: { kind: 'run', startedAt: row.startedAt, lease },
    write: { ...row, state: 'running', leaseUntil: now + leaseMs, lease, response: null },
  };
}
