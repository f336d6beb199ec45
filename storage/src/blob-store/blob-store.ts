import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ValidationError } from '@pagelog/contracts/domain-errors';

/**
 * Binary objects (profile images now, media files and their renditions next), streamed in and
 * out, content-addressed: a put hashes the bytes (SHA-256) while it writes them under a temporary
 * name and commits them under their hash in one atomic step, so a reader never sees part of a
 * blob and the same bytes put twice, even at once, are one blob.
 */
export interface BlobStore {
  /**
   * Reads `body` to its end and stores it. Answers the blob's key (the hex SHA-256 of its bytes).
   * When those bytes were stored already the earlier blob, with its content type, stays. A body
   * that fails part-way rejects the put and leaves no blob.
   */
  put(body: BlobBody, options: { contentType: string }): Promise<BlobInfo>;
  /** The bytes (all, or the range asked for) as a stream; null when there is no such blob. */
  get(key: string, options?: { range?: ByteRange }): Promise<BlobContent | null>;
  stat(key: string): Promise<BlobInfo | null>;
  /** Deletes the blob and every rendition of it. Deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Stores a derived blob (an image rendition) of the blob `source`, made with `params`,
   * replacing any earlier one for the same (source, params). Its BlobInfo key is the SHA-256 of
   * its own bytes: a strong validator, not a key `get` finds it by.
   */
  putRendition(source: string, params: RenditionParams, body: BlobBody, options: { contentType: string }): Promise<BlobInfo>;
  getRendition(source: string, params: RenditionParams, options?: { range?: ByteRange }): Promise<BlobContent | null>;
  statRendition(source: string, params: RenditionParams): Promise<BlobInfo | null>;
  close(): Promise<void>;
}

/** What a put reads: a Node stream, or any (async) iterable of byte chunks. */
export type BlobBody = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface BlobInfo {
  /**
   * Names these exact bytes: the hex SHA-256 for every blob put now; the id it was stored under
   * for a blob stored before the store was content-addressed (see isLegacyBlobKey).
   */
  key: string;
  size: number;
  contentType: string;
}

/** Byte positions, both inclusive (as in HTTP's Range): 0 ≤ start ≤ end < size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobContent extends BlobInfo {
  /** The bytes of `range`, or of the whole blob when no range was asked for. */
  stream: Readable;
  range: ByteRange | null;
}

/** Names and values of a rendition (`{ width: 320, format: 'webp' }`); key order does not matter. */
export type RenditionParams = Readonly<Record<string, string | number | boolean>>;

const sha256Key = /^[0-9a-f]{64}$/;
// Profile images were stored under UUIDv7 ids before blobs were content-addressed; events
// recorded them, so they are still read and deleted (never written).
const legacyKey = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Every adapter refuses keys other than a hex SHA-256 or a legacy UUID (V_12 on key): keys end up
 * in file names, object names and URLs, and this keeps `../` and friends out. Answers the key.
 */
export function checkBlobKey(key: string): string {
  if (typeof key !== 'string' || !(sha256Key.test(key) || legacyKey.test(key))) throw ValidationError.of('V_12', 'key', 'blob');
  return key;
}

/** A key of a blob stored before the store was content-addressed (a UUID, not a hash). */
export function isLegacyBlobKey(key: string): boolean {
  return legacyKey.test(key);
}

/** A content type is one line of printable ASCII (it is sent back as a header). */
export function checkContentType(contentType: string): string {
  if (typeof contentType !== 'string' || !/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(contentType)) {
    throw new TypeError(`invalid content type: ${JSON.stringify(contentType)}`);
  }
  return contentType;
}

/** A range must lie inside the blob; adapters check it before they read. */
export function checkRange(range: ByteRange | undefined, size: number): ByteRange | null {
  if (range === undefined) return null;
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end >= size) {
    throw new RangeError(`byte range ${start}-${end} is outside a blob of ${size} bytes`);
  }
  return { start, end };
}

const paramName = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/;

/**
 * The name of one set of rendition parameters: the hex SHA-256 of their canonical JSON (names
 * sorted), so `{ width, format }` and `{ format, width }` are one rendition. Names are short
 * identifiers; values strings of at most 200 characters, finite numbers or booleans.
 */
export function renditionId(params: RenditionParams): string {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw ValidationError.of('V_12', 'params', 'blob');
  const names = Object.keys(params).sort();
  if (names.length === 0 || names.length > 16) throw ValidationError.of('V_12', 'params', 'blob');
  const canonical: [string, string | number | boolean][] = [];
  for (const name of names) {
    const value = params[name];
    const valid =
      paramName.test(name) &&
      ((typeof value === 'string' && value.length <= 200) || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean');
    if (!valid) throw ValidationError.of('V_12', 'params', 'blob');
    canonical.push([name, value!]);
  }
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Reads a body chunk by chunk and hashes it on the way; `write` gets every chunk in order and is
 * awaited before the next is read, so a slow store slows the reading instead of filling memory.
 */
export async function hashWhileWriting(body: BlobBody, write: (chunk: Uint8Array) => Promise<void> | void): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    if (!(chunk instanceof Uint8Array)) throw new TypeError('a blob body yields bytes (Buffer or Uint8Array)');
    if (chunk.length === 0) continue;
    hash.update(chunk);
    size += chunk.length;
    await write(chunk);
  }
  return { sha256: hash.digest('hex'), size };
}
