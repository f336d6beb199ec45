import type { Middleware } from 'koa';
import { v7 as uuidv7 } from 'uuid';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@pagelog/contracts/envelope';

const acceptable = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it looks sane), echoes it in the
 * response, and a child logger that carries it.
 */
export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const given = ctx.get(REQUEST_ID_HEADER);
    const id = acceptable.test(given) ? given : uuidv7();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ requestId: id });
    ctx.state.actorId = ctx.state.actorId ?? 'system';
    ctx.set(REQUEST_ID_HEADER, id);
    await next();
  };
}
