import type { Middleware } from 'koa';
import { failure } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';

/** Unknown API paths answer 404 in the envelope, not Koa's plain text. */
export function apiNotFound(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = failure([errorItem('V_07')]);
    }
  };
}
