import { FILE_BODY, type FileBody } from '@pagelog/contracts/endpoints';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import rangeParser from 'range-parser';
import type { BlobStore, ByteRange, RenditionParams } from '@pagelog/storage/blob-store/blob-store';

/** What serveBlob answers with: the facts of a blob and a way to read it, whole or a range of it. */
export interface ServableBlob {
  /** Names exactly these bytes (a content hash): sent as the strong ETag. */
  key: string;
  size: number;
  contentType: string;
  open(range: ByteRange | null): Promise<Readable | Buffer>;
}

/**
 * Answers a GET or HEAD with a blob (profile images now, media files and renditions next):
 * ETag from its key, Accept-Ranges, Content-Type and Content-Length; 304 when If-None-Match names
 * it; one byte range gets 206 with Content-Range, a range that starts past the end 416. Several
 * ranges, a Range header that does not parse, or an If-Range that no longer names the blob get
 * the whole blob (200), as RFC 9110 allows. HEAD reads no bytes. Cache-Control and the like are
 * the caller's to set. Answers FILE_BODY: what a route that sends a file returns.
 */
export async function serveBlob(ctx: Context, blob: ServableBlob): Promise<FileBody> {
  const etag = `"${blob.key}"`;
  ctx.set('ETag', etag);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return FILE_BODY;
  }
  const range = wantedRange(ctx, blob.size, etag);
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${blob.size}`);
    ctx.body = '';
    return FILE_BODY;
  }
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
    // A range counts bytes of the blob as it is, not of a compressed answer.
    ctx.compress = false;
  }
  // As stored: ctx.type would add a charset to text types.
  ctx.set('Content-Type', blob.contentType);
  ctx.body = ctx.method === 'HEAD' ? Buffer.alloc(0) : await blob.open(range);
  // After the body: Koa works out no length for a stream, and HEAD's empty body is a stand-in.
  ctx.length = range ? range.end - range.start + 1 : blob.size;
  return FILE_BODY;
}

/** The one range to answer, null for the whole blob. */
function wantedRange(ctx: Context, size: number, etag: string): ByteRange | null | 'unsatisfiable' {
  const header = ctx.get('Range');
  if (!header) return null;
  // If-Range names what the client has part of: another blob (or a date, which we give none of) means start over.
  const ifRange = ctx.get('If-Range');
  if (ifRange && ifRange !== etag) return null;
  const ranges = rangeParser(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

/** A blob of the store, servable; null when there is none under that key. */
export async function storedBlob(store: BlobStore, key: string): Promise<ServableBlob | null> {
  const info = await store.stat(key);
  if (!info) return null;
  return {
    ...info,
    open: async (range) => {
      const content = await store.get(key, range ? { range } : {});
      if (!content) throw new Error(`blob ${key} was deleted while it was served`);
      return content.stream;
    },
  };
}

/** A cached rendition, servable; null when none was made with those parameters. */
export async function storedRendition(store: BlobStore, source: string, params: RenditionParams): Promise<ServableBlob | null> {
  const info = await store.statRendition(source, params);
  if (!info) return null;
  return {
    ...info,
    open: async (range) => {
      const content = await store.getRendition(source, params, range ? { range } : {});
      if (!content) throw new Error(`a rendition of ${source} was deleted while it was served`);
      return content.stream;
    },
  };
}

/** Bytes already in memory (a sealed profile image, opened), servable under the key of what was stored. */
export function bufferedBlob(key: string, bytes: Buffer, contentType: string): ServableBlob {
  return {
    key,
    size: bytes.length,
    contentType,
    open: async (range) => (range ? bytes.subarray(range.start, range.end + 1) : bytes),
  };
}
