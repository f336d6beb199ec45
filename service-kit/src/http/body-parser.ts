import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { UnsupportedMediaTypeError } from '@pagelog/contracts/domain-errors';

/** JSON bodies up to `limit`; anything malformed, too large or not JSON throws into the error handler. */
export function bodyParser(limit = '1mb'): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: limit,
    jsonStrict: true,
  }) as unknown as Middleware;
  return async (ctx, next) => {
    // Uploads (endpoints marked multipart) parse their own body, with their own limits.
    if ((ctx.state.endpoint as { endpoint?: { multipart?: boolean } } | null)?.endpoint?.multipart) return next();
    // The API takes JSON only: a body declared as another type is refused rather than read as
    // empty. A call without a body (Content-Length 0, or no Content-Type) passes.
    const declared = ctx.get('Content-Type') !== '' && ctx.request.length !== 0;
    if (declared && ['POST', 'PUT', 'PATCH'].includes(ctx.method) && ctx.is('application/json') === false) {
      throw new UnsupportedMediaTypeError();
    }
    return parse(ctx, next);
  };
}
