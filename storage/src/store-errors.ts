import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
/**
 * Failures of a store's resources rather than of a request: the store cannot be reached, has no
 * room, is read-only, has no connection left, is busy or too slow. They answer 503 with
 * Retry-After (the request may be sent again) and are logged with what an operator can do.
 */
export type StoreTroubleKind = 'unreachable' | 'disk-full' | 'read-only' | 'too-many-connections' | 'busy' | 'timeout';

export interface StoreTrouble {
  kind: StoreTroubleKind;
  /** For the log: what to look at. */
  advice: string;
}

const advice: Record<StoreTroubleKind, string> = {
  unreachable: 'the database or Redis cannot be reached: check that it runs and the network between',
  'disk-full': 'the disk holding the data is full: free space or grow the volume',
  'read-only': 'the store is read-only (a replica, a read-only mount or file permissions): point Pagelog at a writable one',
  'too-many-connections': 'the database refuses more connections: lower the pool sizes or raise max_connections',
  busy: 'the store is locked by another writer for too long: look for a stuck process or a long transaction',
  timeout: 'the store did not answer in time: it is overloaded or the network drops packets',
};

/** PostgreSQL SQLSTATEs (class 08 connection, 53 insufficient resources, 57 operator intervention). */
const pgCodes: Record<string, StoreTroubleKind> = {
  '08000': 'unreachable', '08001': 'unreachable', '08003': 'unreachable', '08004': 'unreachable', '08006': 'unreachable',
  '57P01': 'unreachable', '57P02': 'unreachable', '57P03': 'unreachable',
  '53100': 'disk-full', '53200': 'too-many-connections', '53300': 'too-many-connections', '53400': 'too-many-connections',
  '25006': 'read-only',
  '57014': 'timeout', // statement_timeout cancelled the query
  '55P03': 'busy', // lock_not_available
};

/** Node's socket and file-system errors. */
const nodeCodes: Record<string, StoreTroubleKind> = {
  ECONNREFUSED: 'unreachable', ECONNRESET: 'unreachable', EHOSTUNREACH: 'unreachable', ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable', EPIPE: 'unreachable', EAI_AGAIN: 'unreachable', ETIMEDOUT: 'timeout',
  ENOSPC: 'disk-full', EDQUOT: 'disk-full', EROFS: 'read-only', EMFILE: 'too-many-connections', ENFILE: 'too-many-connections',
};

/** What kind of store trouble an error is, or null when it is not one (a bug, a bad query). */
export function classifyStoreError(error: unknown): StoreTrouble | null {
  const kind = troubleKind(error);
  return kind ? { kind, advice: advice[kind] } : null;
}

function troubleKind(error: unknown): StoreTroubleKind | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code.startsWith('SQLITE_')) {
    if (code.startsWith('SQLITE_FULL')) return 'disk-full';
    if (code.startsWith('SQLITE_READONLY')) return 'read-only';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return /No space|ENOSPC/i.test(message) ? 'disk-full' : 'unreachable';
    return null;
  }
  if (Object.hasOwn(pgCodes, code)) return pgCodes[code]!;
  if (Object.hasOwn(nodeCodes, code)) return nodeCodes[code]!;
  // pg and ioredis say these in words only.
  if (/Query read timeout|Command timed out|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message)) return 'timeout';
  if (/Connection terminated|Client has encountered a connection error|Connection is closed|Stream isn't writeable|MaxRetriesPerRequestError|Reached the max retries/i.test(message)) return 'unreachable';
  if (e.name === 'MaxRetriesPerRequestError') return 'unreachable';
  if (/READONLY You can't write against a read only replica/i.test(message)) return 'read-only';
  if (/OOM command not allowed/i.test(message)) return 'disk-full';
  return null;
}

/** Store trouble, raw or already named (StoreUnavailableError): an attempt now would only wait for the store again. */
export function isStoreTrouble(error: unknown): boolean {
  return error instanceof StoreUnavailableError || classifyStoreError(error) !== null;
}
