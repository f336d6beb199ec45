import type { Middleware } from 'koa';
import { failure } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';

/** Unknown API paths (404) and methods (405) answer in the envelope, not Koa's plain text. */
export function apiNotFound(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status >= 400 && ctx.status < 500 && (ctx.body === undefined || ctx.body === null)) {
      const status = ctx.status;
      ctx.body = failure([errorItem('V_07')]);
      ctx.status = status;
    }
  };
}
