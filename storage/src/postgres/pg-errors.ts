import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';

const unavailableCodes = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  '57P01', '57P02', '57P03', // admin shutdown, crash shutdown, cannot connect now
  '53300', // too many connections
  '08000', '08001', '08003', '08006', // connection exceptions
]);

/** True when a pg error means "the database cannot be reached", not "the query is wrong". */
export function isUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && unavailableCodes.has(e.code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message ?? '');
}

/** Runs a database call and turns connectivity failures into StoreUnavailableError (503). */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}
