import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { failure, type Envelope } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { BusyError, ConflictError, DomainError, IdempotencyKeyInUseError, MethodNotAllowedError, StoreUnavailableError, TooManyRequestsError } from '@pagelog/contracts/domain-errors';
import { classifyStoreError, type StoreTroubleKind } from '@pagelog/storage/store-errors';

/** How long a client should wait before sending a request that met store trouble again. */
const STORE_RETRY_AFTER_SECONDS = 5;

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  code?: string;
}

/**
 * A body that claims an encoding it does not have (garbage under Content-Encoding: gzip, deflate
 * or br): zlib's stream fails with its own errno and a Z_ (gzip, deflate) or ERR_ (brotli) code.
 */
function corruptEncoding(e: HttpishError & { errno?: unknown }): boolean {
  return typeof e.errno === 'number' && typeof e.code === 'string' && (e.code.startsWith('Z_') || e.code.startsWith('ERR_'));
}

/**
 * A refusal worth an auditor's eye (403: no permission, no CSRF token), logged with who asked
 * and from where. Failed logins and lockouts are logged where the login is decided, with the
 * account they were for.
 */
function logRefusal(ctx: Context, log: Logger | undefined, error: DomainError): void {
  if (error.status !== 403) return;
  const user = ctx.state.user as { userId?: string } | null | undefined;
  log?.warn(
    { security: error.items[0]?.code === 'AUTH_06' ? 'csrf-refused' : 'forbidden', code: error.items[0]?.code, userId: user?.userId ?? null, ip: ctx.ip, method: ctx.method, path: ctx.path },
    'request refused',
  );
}

/**
 * Store trouble is logged once per kind, with what to do, then at most once a minute while it
 * lasts (an outage would otherwise write a line for every request).
 */
function troubleLogger() {
  const contended = { kind: 'busy' as const, advice: 'one stream had more concurrent writers than a command could wait out: look for a client that sends the same change in a loop' };
  const lastLogged = new Map<StoreTroubleKind, number>();
  return (log: Logger | undefined, error: unknown): void => {
    const cause = error instanceof StoreUnavailableError ? ((error as { cause?: unknown }).cause ?? error) : error;
    // A write that kept losing the race to other writers for its whole deadline (see handle).
    const trouble = cause instanceof ConflictError ? contended : classifyStoreError(cause);
    const kind = trouble?.kind ?? 'unreachable';
    const now = Date.now();
    if (now - (lastLogged.get(kind) ?? 0) < 60_000) return;
    lastLogged.set(kind, now);
    log?.error({ err: error, storeTrouble: kind, advice: trouble?.advice }, 'store unavailable: answering 503');
  };
}

/**
 * The one place errors become HTTP: domain errors keep their status and catalogue items, body
 * parser errors become 400/413/415, store trouble (unreachable, disk full, read-only, too many
 * connections, too slow) a 503 with Retry-After, anything else is a 500 G_01 whose details stay
 * in the log.
 */
export function errorHandler(): Middleware {
  const logTrouble = troubleLogger();
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const log = ctx.state.log as Logger | undefined;
      // A store's own error that no adapter turned into a domain error yet (a full disk under
      // SQLite, a read-only PostgreSQL, a Redis that went away) is store trouble all the same.
      const error = !(thrown instanceof DomainError) && classifyStoreError(thrown) !== null ? new StoreUnavailableError(thrown) : thrown;
      if (error instanceof DomainError) {
        ctx.status = error.status;
        const body: Envelope<unknown> = failure(error.items);
        if (error instanceof ConflictError) body.data = { ...error.details, currentRevision: error.currentRevision };
        if (error instanceof TooManyRequestsError || error instanceof IdempotencyKeyInUseError || error instanceof BusyError) ctx.set('Retry-After', String(Math.max(1, error.retryAfterSeconds)));
        if (error instanceof MethodNotAllowedError) ctx.set('Allow', error.allowed.join(', '));
        if (error instanceof StoreUnavailableError) ctx.set('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
        ctx.body = body;
        logRefusal(ctx, log, error);
        if (error instanceof StoreUnavailableError) logTrouble(log, error);
        // A busy refusal is the load limit working, not a failure: one line each would flood the log under load.
        else if (error.status >= 500 && !(error instanceof BusyError)) log?.error({ err: error }, 'operation failed');
        return;
      }
      const e = (error ?? {}) as HttpishError;
      const status = e.status ?? e.statusCode;
      if (e.type === 'entity.parse.failed' || status === 400 || corruptEncoding(e)) {
        ctx.status = 400;
        ctx.body = failure([errorItem('V_12', 'body', 'request')]);
        return;
      }
      if (e.type === 'entity.too.large' || status === 413) {
        ctx.status = 413;
        ctx.body = failure([errorItem('V_14', 'body', 'request')]);
        return;
      }
      if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported' || status === 415) {
        ctx.status = 415;
        ctx.body = failure([errorItem('V_12', 'body', 'request')]);
        return;
      }
      log?.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = failure([errorItem('G_01')]);
    }
  };
}
