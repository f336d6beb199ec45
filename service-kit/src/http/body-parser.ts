import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';

/** JSON bodies up to `limit`; anything malformed or too large throws into the error handler. */
export function bodyParser(limit = '1mb'): Middleware {
  return koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: limit,
    jsonStrict: true,
  }) as unknown as Middleware;
}
