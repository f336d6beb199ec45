import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { REQUEST_ID_HEADER } from '@pagelog/contracts/envelope';

const acceptable = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it looks sane) in `ctx.state.requestId`
 * and the response; the API calls carry it on so one visit can be followed through the logs.
 */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const given = ctx.get(REQUEST_ID_HEADER);
    const id = acceptable.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    await next();
  };
}
