import type { Middleware } from 'koa';
import coBody from 'co-body';
import { UnsupportedMediaTypeError } from '@pagelog/contracts/domain-errors';

/**
 * JSON bodies up to `limit`, read with co-body (the parser koa-body wraps, used directly because
 * koa-body does not pass on `onProtoPoisoning`): a `__proto__` key is kept as the plain property
 * JSON.parse makes of it, so the input parser can refuse it by name (`parseInput`). Anything
 * malformed, too large or not JSON throws into the error handler (400, 413, 415).
 */
export function bodyParser(limit = '1mb'): Middleware {
  const options = { limit, strict: true, onProtoPoisoning: 'ignore' } as coBody.Options;
  return async (ctx, next) => {
    // Uploads (endpoints marked multipart) parse their own body, with their own limits.
    if ((ctx.state.endpoint as { endpoint?: { multipart?: boolean } } | null)?.endpoint?.multipart) return next();
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method)) return next();
    // The API takes JSON only: a body declared as another type is refused rather than read as
    // empty. A call without a body (Content-Length 0, or no Content-Type) passes.
    const declared = ctx.get('Content-Type') !== '' && ctx.request.length !== 0;
    if (declared && ctx.is('application/json') === false) throw new UnsupportedMediaTypeError();
    ctx.request.body = declared ? await coBody.json(ctx, options) : {};
    return next();
  };
}

declare module 'koa' {
  interface Request {
    /** The parsed JSON body (bodyParser); a route reads it through parseInput, never directly. */
    body?: unknown;
  }
}
