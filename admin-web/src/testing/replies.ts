import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import type { ApiReply } from '../core/api/api-client';

/** A successful reply with its data, for specs. */
export function success<T>(data: T): ApiReply<T> {
  return { status: 200, Success: true, Errors: [], data };
}

/** A failed reply with its status and errors (G_01 without any), for specs. */
export function failure(status: number, ...errors: ErrorItem[]): ApiReply<never> {
  return { status, Success: false, Errors: errors.length > 0 ? errors : [errorItem('G_01')], data: null };
}
