import { Writable } from 'node:stream';
import type { Context } from 'koa';
import formidable from 'formidable';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
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

/** Reads a part's bytes and drops them: a file under a name the upload does not take. */
const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

/**
 * Streams the one file of a multipart upload under `field` into the sink `open` makes, without a
 * temp file, refusing more than `maxBytes` while it arrives (413; the sink is destroyed, so what
 * it began is undone), then runs `use` with what the sink made of it and the text fields. Not
 * multipart: 415 V_17; no file: 400 V_17; a sink that refuses the bytes rejects `done` with its
 * domain error, answered as it is. With an Idempotency-Key the key's fingerprint covers
 * `digestOf(stored)` (the bytes' hash: the multipart framing differs on every attempt); a retry
 * of an upload that succeeded is answered with the stored result (AlreadyAnswered ends the
 * handler) after its bytes were put again, which, content-addressed, changes nothing.
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
  let file: { done: Promise<R>; clientName: string | null } | null = null;
  const partOf = new WeakMap<object, { name: string; clientName: string | null }>();
  const form = formidable({
    maxFiles: 1,
    maxFileSize: maxBytes,
    maxTotalFileSize: maxBytes,
    allowEmptyFiles: true,
    minFileSize: 0,
    maxFields: 10,
    fileWriteStreamHandler: (part) => {
      const begun = part ? partOf.get(part) : undefined;
      if (begun?.name !== field) return discard();
      const sink = open();
      // Settled by the sink in every case; awaited below, so never unhandled meanwhile.
      sink.done.catch(() => undefined);
      file = { done: sink.done, clientName: begun.clientName };
      return sink.stream;
    },
  });
  // Emitted just before the handler above is asked for the part's stream.
  form.on('fileBegin', (name, part) => partOf.set(part, { name, clientName: part.originalFilename }));
  let fields: formidable.Fields;
  try {
    [fields] = await form.parse(ctx.req);
  } catch (error) {
    // The sink was destroyed: wait until it has undone what it began.
    await (file as { done: Promise<R> } | null)?.done.catch(() => undefined);
    const e = error as { code?: number; httpCode?: number };
    if (e.code === 1009 || e.code === 1016 || e.httpCode === 413) throw new PayloadTooLargeError(options.tooLargeCode, field, model);
    throw ValidationError.of('V_17', field, model);
  }
  const taken = file as { done: Promise<R>; clientName: string | null } | null;
  if (!taken) throw ValidationError.of('V_17', field, model);
  const stored = await taken.done;
  await admitBody(ctx, `${field}:${digestOf(stored)}`);
  return use({ stored, clientName: taken.clientName }, fields as UploadFields);
}
