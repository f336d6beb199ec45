import { Stream } from 'node:stream';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import compressible from 'compressible';
import type { Context, Middleware } from 'koa';
import compress from 'koa-compress';
import Negotiator from 'negotiator';

/** Answers under this size stay as they are: the few bytes saved cost more CPU than they spare. */
const THRESHOLD = 1024;
/** Buffered answers up to this size are compressed in one synchronous step; larger ones as a stream. */
const SYNC_LIMIT = 256 * 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);
/** As koa-compress ranks them: among encodings the client rates alike, brotli first. */
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];

/** negotiator 1's `preferred` option (its types describe 0.6, which has none). */
type Negotiating = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/** The encoding koa-compress would choose: none without Accept-Encoding, gzip for `*`. */
function chosenEncoding(ctx: Context): string | undefined {
  const accepted = ctx.get('Accept-Encoding');
  if (accepted === '') return 'identity';
  const headers = { 'accept-encoding': accepted === '*' ? 'gzip' : accepted };
  return (new Negotiator({ headers }) as unknown as Negotiating).encoding(ENCODINGS, { preferred: ENCODINGS });
}

/**
 * Compresses API answers with brotli or gzip (or deflate), whichever the client prefers, and
 * always adds Vary: Accept-Encoding so a cache keeps the variants apart. Answers under 1 KB stay
 * as they are. Brotli runs at quality 4, not zlib's default 11, which is far too slow for a
 * per-request body. Put it outside the error handler so error envelopes are compressed too.
 *
 * An answer the route built in memory (the JSON envelope of nearly every call) is compressed in
 * one synchronous call: koa-compress pipes every body through a zlib stream, whose hops through
 * the thread pool added about a millisecond to a search answer of 9 KB that takes 0.1 ms to
 * compress. Streams (blobs, exports) and large bodies still go through koa-compress.
 */
export function compression(): Middleware {
  const streaming = compress({ threshold: THRESHOLD });
  return (ctx, next) =>
    streaming(ctx, async () => {
      await next();
      compressBuffered(ctx);
    });
}

function compressBuffered(ctx: Context): void {
  const { body } = ctx;
  if (body === null || body === undefined || body instanceof Stream) return;
  if (!ctx.writable || ctx.method === 'HEAD' || EMPTY_BODY_STATUSES.has(ctx.status) || ctx.status === 206) return;
  if (ctx.response.get('Content-Encoding') || ctx.response.get('Content-Range') || NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
  if (!compressible(ctx.type)) return;
  const data = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  if (data.length < THRESHOLD || data.length > SYNC_LIMIT) return;
  const encoding = chosenEncoding(ctx);
  if (encoding !== 'br' && encoding !== 'gzip' && encoding !== 'deflate') return;
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
      : encoding === 'gzip'
        ? gzipSync(data)
        : deflateSync(data);
  // The type stays what the body had (JSON); a Buffer body sets the length.
  ctx.body = compressed;
  ctx.set('Content-Encoding', encoding);
}
