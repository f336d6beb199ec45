import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { classifyStoreError } from '../store-errors';

/** True when a pg error means "the database cannot serve now", not "the query is wrong". */
export function isUnavailable(error: unknown): boolean {
  return classifyStoreError(error) !== null;
}

/** Runs a database call and turns store trouble (unreachable, full, timed out...) into StoreUnavailableError (503). */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}
