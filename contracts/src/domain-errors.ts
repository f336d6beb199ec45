import type { ErrorItem } from './envelope';
import { errorItem } from './error-catalogue';

/**
 * Typed errors thrown by deciders, stores and routes. One middleware maps them to a status and
 * the envelope; nothing else formats errors.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  readonly items: ErrorItem[];
  constructor(items: ErrorItem[], message?: string) {
    super(message ?? items.map((i) => `${i.code}: ${i.message}`).join('; '));
    this.name = new.target.name;
    this.items = items;
  }
}

/** Bad input: one or more V_ items naming the property. */
export class ValidationError extends DomainError {
  readonly status = 400;
  static of(code: string, property = '', model = ''): ValidationError {
    return new ValidationError([errorItem(code, property, model)]);
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(code = 'PM_01', property = '', model = '') {
    super([errorItem(code, property, model)]);
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  constructor(code = 'UM_01') {
    super([errorItem(code)]);
  }
}

/** A request body of a type the call does not take (415). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
  constructor(property = 'body', model = 'request', code = 'V_12') {
    super([errorItem(code, property, model)]);
  }
}

/** Stale expected revision: carries the stream's current revision so the client can merge. */
export class ConflictError extends DomainError {
  readonly status = 409;
  readonly stream: string;
  readonly currentRevision: number;
  readonly expectedRevision: number;
  /** More for the client to resolve the conflict with (e.g. the newer version and what clashed). */
  readonly details: Record<string, unknown>;
  constructor(stream: string, expectedRevision: number, currentRevision: number, details: Record<string, unknown> = {}) {
    super(
      [errorItem('V_07', 'revision', stream.split('-')[0] ?? '')],
      `stream ${stream}: expected revision ${expectedRevision}, current ${currentRevision}`,
    );
    this.stream = stream;
    this.expectedRevision = expectedRevision;
    this.currentRevision = currentRevision;
    this.details = details;
  }
}

/** A store (database, event store) cannot be reached: 503, the request may be retried. */
export class StoreUnavailableError extends DomainError {
  readonly status = 503;
  constructor(cause?: unknown) {
    super([errorItem('G_01')], `store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/**
 * More costly work of one kind under way than the server takes on (503, G_01), e.g. image
 * renditions made on demand: the client waits `retryAfterSeconds` (Retry-After) and asks again.
 */
export class BusyError extends DomainError {
  readonly status = 503;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message?: string) {
    super([errorItem('G_01')], message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** No session, or an expired one (401, AUTH_05). */
export class UnauthorizedError extends DomainError {
  readonly status = 401;
  constructor(code = 'AUTH_05') {
    super([errorItem(code)]);
  }
}

/** Too many attempts (429, AUTH_03); retryAfterSeconds goes into Retry-After. */
export class TooManyRequestsError extends DomainError {
  readonly status = 429;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, code = 'AUTH_03') {
    super([errorItem(code)]);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A body over its limit (413), e.g. a profile image over 2 MB (UM_05). */
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
  constructor(code: string, property = '', model = '') {
    super([errorItem(code, property, model)]);
  }
}

/** A path of the API under a method the endpoint table does not give it (405); `allowed` goes into Allow. */
export class MethodNotAllowedError extends DomainError {
  readonly status = 405;
  readonly allowed: readonly string[];
  constructor(allowed: readonly string[]) {
    super([errorItem('V_07')]);
    this.allowed = allowed;
  }
}

/**
 * An Idempotency-Key sent again with another request (another body, another page): the key names
 * one action, so the second request is refused rather than answered with the first one's result.
 */
export class IdempotencyKeyReusedError extends DomainError {
  readonly status = 422;
  constructor(model = '') {
    super([errorItem('V_07', 'Idempotency-Key', model)]);
  }
}

/**
 * The first request with this Idempotency-Key is still being worked on (409): the client waits
 * `retryAfterSeconds` (Retry-After) and asks again, and is then answered with its result.
 */
export class IdempotencyKeyInUseError extends DomainError {
  readonly status = 409;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, model = '') {
    super([errorItem('V_07', 'Idempotency-Key', model)]);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
