import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { failure, type Envelope } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { ConflictError, DomainError, TooManyRequestsError } from '@pagelog/contracts/domain-errors';

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/**
 * The one place errors become HTTP: domain errors keep their status and catalogue items, body
 * parser errors become 400/413/415, anything else is a 500 G_01 whose details stay in the log.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const log = ctx.state.log as Logger | undefined;
      if (error instanceof DomainError) {
        ctx.status = error.status;
        const body: Envelope<unknown> = failure(error.items);
        if (error instanceof ConflictError) body.data = { ...error.details, currentRevision: error.currentRevision };
        if (error instanceof TooManyRequestsError) ctx.set('Retry-After', String(Math.max(1, error.retryAfterSeconds)));
        ctx.body = body;
        if (error.status >= 500) log?.error({ err: error }, 'store unavailable');
        return;
      }
      const e = (error ?? {}) as HttpishError;
      const status = e.status ?? e.statusCode;
      if (e.type === 'entity.parse.failed' || status === 400) {
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
