import type { Middleware } from 'koa';
import compress from 'koa-compress';

/**
 * Compresses rendered pages with brotli or gzip, whichever the visitor's browser prefers, with
 * Vary: Accept-Encoding so a CDN keeps the variants apart. Pages under 1 KB are sent as they
 * are. Brotli runs at koa-compress's quality 4: zlib's default 11 is far too slow per request.
 * The bundle is not compressed here: the build wrote .br and .gz files beside it.
 */
export function pageCompression(): Middleware {
  return compress({ threshold: 1024 });
}
