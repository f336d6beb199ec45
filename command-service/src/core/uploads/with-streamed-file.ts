import type { Readable, Writable } from 'node:stream';
import type { Context } from 'koa';
import Busboy, { type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { PayloadTooLargeError, type DomainError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { admitBody } from '@pagelog/service-kit/http/idempotency';
import type { UploadFields, UploadOptions } from './with-uploaded-file';

/**
 * Where the bytes of the one file go as they arrive. `stream` gets them in order (its write
 * callbacks pace the request: the next bytes are read once it has taken these); it is ended after
 * the last, or destroyed when the upload is cut off (too large, aborted, malformed). `done`
 * settles once the bytes are wherever they go, or are not, after either.
 */
export interface FileSink<R> {
  stream: Writable;
  done: Promise<R>;
}

/** The file of a streamed upload, once its sink is done with it. */
export interface StreamedFile<R> {
  /** What the sink made of the bytes (stored them, say). */
  stored: R;
  /** What the client called it: to show, never to decide anything by. */
  clientName: string | null;
}

/**
 * Streams the one file of a multipart upload under `field` into the sink `open` makes, without a
 * temp file, refusing more than `maxBytes` while it arrives (413; the sink is destroyed, so what
 * it began is undone), then runs `use` with what the sink made of it and the text fields. Not
 * multipart: 415 V_17; no file, a second file, more than ten fields or a malformed body: 400
 * V_17; a sink that refuses the bytes rejects `done` with its domain error, answered as it is.
 * With an Idempotency-Key the key's fingerprint covers `digestOf(stored)` (the bytes' hash: the
 * multipart framing differs on every attempt); a retry of an upload that succeeded is answered
 * with the stored result (AlreadyAnswered ends the handler) after its bytes were put again,
 * which, content-addressed, changes nothing.
 *
 * Parsed by busboy (fastify's), which finds the boundaries with a Boyer-Moore-Horspool search:
 * formidable's byte loop took 75 ms of a 100 MB upload, busboy about a third of that
 * (bench/README.md, media upload).
 */
export async function withStreamedFile<R, T>(
  ctx: Context,
  options: UploadOptions,
  open: () => FileSink<R>,
  digestOf: (stored: R) => string,
  use: (file: StreamedFile<R>, fields: UploadFields) => Promise<T>,
): Promise<T> {
  const { field, model, maxBytes } = options;
  if (!ctx.is('multipart/form-data')) throw new UnsupportedMediaTypeError(field, model, 'V_17');
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: ctx.req.headers as BusboyHeaders,
      // A part is a file when it names one, as browsers send them (not by its content type).
      isPartAFile: (_name, _type, fileName) => fileName !== undefined,
      // The name as sent, for the file's name in the library to start from (it is checked there).
      preservePath: true,
      // A megabyte may wait in the parser and in the file's stream before the request pauses:
      // fewer pauses of the socket than at the 16 KB defaults.
      fileHwm: 1024 * 1024,
      highWaterMark: 1024 * 1024,
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
  } catch {
    // No boundary, say.
    throw ValidationError.of('V_17', field, model);
  }
  const fields: UploadFields = {};
  let file: { sink: FileSink<R>; clientName: string | null } | null = null;

  const parsed = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: DomainError) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      // Reads and drops the rest of the request, so the client gets its answer rather than a reset.
      ctx.req.resume();
      file?.sink.stream.destroy();
      reject(error);
    };
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) return fail(ValidationError.of('V_17', name, model));
      (fields[name] ??= []).push(value);
    });
    parser.on('file', (name: string, stream: Readable, fileName: string | undefined) => {
      // A part cut off by the end of the body errors its stream (and the parser).
      stream.on('error', () => fail(ValidationError.of('V_17', field, model)));
      // What the parser still finds in the bytes it has after a failure is dropped: the answer is given.
      if (failed || name !== field || file) {
        stream.resume();
        return;
      }
      const sink = open();
      // Settled by the sink in every case; awaited below, so never unhandled meanwhile.
      sink.done.catch(() => undefined);
      file = { sink, clientName: fileName ?? null };
      stream.on('limit', () => fail(new PayloadTooLargeError(options.tooLargeCode, field, model)));
      // The sink's write callbacks pace the stream, and so the request. It is ended only once the
      // whole body proved well formed (below): a body cut off after the file, or a second file,
      // destroys it instead, so the store keeps nothing of a request that is refused.
      stream.pipe(sink.stream, { end: false });
    });
    parser.on('filesLimit', () => fail(ValidationError.of('V_17', field, model)));
    parser.on('fieldsLimit', () => fail(ValidationError.of('V_17', field, model)));
    parser.on('partsLimit', () => fail(ValidationError.of('V_17', field, model)));
    parser.on('error', () => fail(ValidationError.of('V_17', field, model)));
    ctx.req.on('aborted', () => fail(ValidationError.of('V_17', field, model)));
    ctx.req.on('error', () => fail(ValidationError.of('V_17', field, model)));
    parser.on('finish', () => {
      if (failed) return;
      file?.sink.stream.end();
      resolve();
    });
    ctx.req.pipe(parser);
  });
  try {
    await parsed;
  } catch (error) {
    // The sink was destroyed: wait until it has undone what it began.
    await (file as { sink: FileSink<R> } | null)?.sink.done.catch(() => undefined);
    throw error;
  }
  const taken = file as { sink: FileSink<R>; clientName: string | null } | null;
  if (!taken) throw ValidationError.of('V_17', field, model);
  const stored = await taken.sink.done;
  await admitBody(ctx, `${field}:${digestOf(stored)}`);
  return use({ stored, clientName: taken.clientName }, fields);
}
