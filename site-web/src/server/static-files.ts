import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import etag from '@koa/etag';
import compressible from 'compressible';
import type { Middleware, ParameterizedContext } from 'koa';
import compose from 'koa-compose';
import conditional from 'koa-conditional-get';
import serve from 'koa-static';

// Vite names its output `<name>-<hash>.<ext>`: such a file never changes, other files might.
const hashedName = /-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;
// The build writes `.br` and `.gz` beside each compressible file; koa-send answers with one of
// them when the client accepts it, so the path it reports may carry the extra extension.
const precompressed = /\.(br|gz)$/;

function cacheHeaders(res: ServerResponse, path: string): void {
  const name = basename(path).replace(precompressed, '');
  res.setHeader('Cache-Control', hashedName.test(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
}

/**
 * koa-send picks the precompressed sibling by Accept-Encoding but says nothing about it, so a
 * shared cache could hand brotli to a client that cannot read it. Every file of a compressible
 * type gets Vary (304s too, as they stand for the full answer).
 */
function varyOnEncoding(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body != null && compressible(ctx.type)) ctx.vary('Accept-Encoding');
  };
}

/**
 * Serves a built front end's files from `root`: the precompressed variant the client accepts,
 * a year's immutable caching for hashed names and five minutes for others, and an ETag (from
 * size and time, so each encoding has its own) plus Last-Modified that a repeat request turns
 * into a 304. Dot files such as .vite/ stay hidden. The admin's assets are served by the same.
 */
export function staticFiles(root: string): Middleware {
  return compose<ParameterizedContext>([conditional(), etag(), varyOnEncoding(), serve(root, { index: false, hidden: false, setHeaders: cacheHeaders })]);
}
