import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { withStreamedFile, type FileSink } from './with-streamed-file';

/** One uploaded file, on disk for the length of the handler. */
export interface UploadedFile {
  /** The temp file it was streamed into; removed when the handler ends. */
  path: string;
  size: number;
  /** Hex SHA-256 of its bytes, hashed while they arrived. */
  sha256: string;
  /** What the client called it: to show, never to decide anything by. */
  clientName: string | null;
}

/** The text fields that came with the file, each with every value sent under its name. */
export type UploadFields = Record<string, string[] | undefined>;

export interface UploadOptions {
  /** The multipart field that carries the file. */
  field: string;
  model: string;
  maxBytes: number;
  /** The catalogue's code for a file over maxBytes (413). */
  tooLargeCode: string;
}

/** A temp file the upload's bytes go into, hashed on the way; `done` answers it once they are on disk. */
function tempFileSink(): FileSink<{ dir: string; path: string; size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const made = mkdtemp(join(tmpdir(), 'pagelog-upload-'));
  let out: WriteStream | null = null;
  let ended = false;
  const opened = made.then((dir) => {
    out = createWriteStream(join(dir, 'upload'));
    out.on('error', (error) => fail(error));
    return out;
  });
  // Used by the first write; a failure meanwhile is not unhandled.
  opened.catch(() => undefined);
  let settle!: { resolve: (file: { dir: string; path: string; size: number; sha256: string }) => void; reject: (error: unknown) => void };
  const done = new Promise<{ dir: string; path: string; size: number; sha256: string }>((resolve, reject) => (settle = { resolve, reject }));
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    out?.destroy();
    void made.then((dir) => rm(dir, { recursive: true, force: true })).then(
      () => settle.reject(error),
      () => settle.reject(error),
    );
  };
  const stream = new Writable({
    // Never errors (that would cut the request off): a failure rejects `done`, and the bytes after it are dropped.
    write(chunk: Buffer, _encoding, callback) {
      if (failed) return callback();
      hash.update(chunk);
      size += chunk.length;
      opened.then(
        (file) => {
          if (file.destroyed) return callback();
          file.write(chunk, (error) => {
            if (error) fail(error);
            callback();
          });
        },
        (error: Error) => {
          fail(error);
          callback();
        },
      );
    },
    final(callback) {
      if (failed) return callback();
      opened
        .then((file) => new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve()))))
        .then(async () => {
          const dir = await made;
          ended = true;
          settle.resolve({ dir, path: join(dir, 'upload'), size, sha256: hash.digest('hex') });
          callback();
        })
        .catch((error: Error) => {
          fail(error);
          callback();
        });
    },
    destroy(error, callback) {
      // Every stream is destroyed after its end too (autoDestroy): then the file stays for the
      // handler, which removes it. Cut off before its end (too large, aborted): what was written goes.
      if (!ended) fail(error ?? new Error('the upload was cut off'));
      callback(null);
    },
  });
  return { stream, done };
}

/**
 * Streams the one file of a multipart upload under `field` to a temp file, hashing it on the way
 * and refusing more than `maxBytes` while it arrives (413), then runs `use` with it and removes the
 * temp file whatever happens. The request is read as `withStreamedFile` reads it: not multipart:
 * 415 V_17; no file: 400 V_17. With an Idempotency-Key the file's hash is what the key's
 * fingerprint covers (the multipart framing differs on every attempt); a retry of an upload that
 * succeeded is answered here, with the stored result (AlreadyAnswered ends the handler).
 */
export async function withUploadedFile<T>(ctx: Context, options: UploadOptions, use: (file: UploadedFile, fields: UploadFields) => Promise<T>): Promise<T> {
  let dir: string | null = null;
  try {
    return await withStreamedFile(
      ctx,
      options,
      tempFileSink,
      (file) => file.sha256,
      (file, fields) => {
        dir = file.stored.dir;
        const { path, size, sha256 } = file.stored;
        return use({ path, size, sha256, clientName: file.clientName }, fields);
      },
    );
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
