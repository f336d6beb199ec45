import { DomainError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { isStoreTrouble } from '@pagelog/storage/store-errors';
import type { UsersDeps } from './users-deps';

/** A failure the catalogue names for this operation (UM_09, UM_10), instead of G_01. */
class OperationFailedError extends DomainError {
  readonly status = 500;
  constructor(code: string) {
    super([errorItem(code, '', 'user')]);
  }
}

/** Runs an operation; an unexpected failure answers `code` (its cause goes to the log). */
export async function failingAs<T>(deps: Pick<UsersDeps, 'logger'>, code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Store trouble is the store's, not the operation's: 503 with Retry-After, like anywhere else.
    if (error instanceof DomainError || isStoreTrouble(error)) throw error;
    deps.logger.error({ err: error }, `user operation failed (${code})`);
    throw new OperationFailedError(code);
  }
}
