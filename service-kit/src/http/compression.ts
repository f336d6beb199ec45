import type { Middleware } from 'koa';
import compress from 'koa-compress';

/**
 * Compresses API answers with brotli or gzip, whichever the client prefers, and always adds
 * Vary: Accept-Encoding so a cache keeps the variants apart. Answers under 1 KB stay as they
 * are: the few bytes saved cost more CPU than they spare. Brotli runs at koa-compress's quality
 * 4, not zlib's default 11, which is far too slow for a per-request body. Put it outside the
 * error handler so error envelopes are compressed too.
 */
export function compression(): Middleware {
  return compress({ threshold: 1024 });
}
