import { rm } from 'node:fs/promises';
import type { Context } from 'koa';
import formidable from 'formidable';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { admitBody } from '@pagelog/service-kit/http/idempotency';

/** One uploaded file, on disk for the length of the handler. */
export interface UploadedFile {
  /** The temp file formidable streamed it into; removed when the handler ends. */
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

/**
 * Streams the one file of a multipart upload under `field` to a temp file, hashing it on the way
 * and refusing more than `maxBytes` while it arrives (413), then runs `use` with it and removes the
 * temp file (and any other the request carried) whatever happens. Not multipart: 415 V_17; no
 * file: 400 V_17. With an Idempotency-Key the file's hash is what the key's fingerprint covers
 * (the multipart framing differs on every attempt); a retry of an upload that succeeded is
 * answered here, with the stored result (AlreadyAnswered ends the handler).
 */
export async function withUploadedFile<T>(ctx: Context, options: UploadOptions, use: (file: UploadedFile, fields: UploadFields) => Promise<T>): Promise<T> {
  const { field, model, maxBytes } = options;
  if (!ctx.is('multipart/form-data')) throw new UnsupportedMediaTypeError(field, model, 'V_17');
  const form = formidable({
    maxFiles: 1,
    maxFileSize: maxBytes,
    maxTotalFileSize: maxBytes,
    allowEmptyFiles: true,
    minFileSize: 0,
    maxFields: 10,
    hashAlgorithm: 'sha256',
  });
  let fields: formidable.Fields;
  let files: formidable.Files;
  try {
    [fields, files] = await form.parse(ctx.req);
  } catch (error) {
    const e = error as { code?: number; httpCode?: number };
    if (e.code === 1009 || e.code === 1016 || e.httpCode === 413) throw new PayloadTooLargeError(options.tooLargeCode, field, model);
    throw ValidationError.of('V_17', field, model);
  }
  const all = Object.values(files).flat().filter((f): f is formidable.File => !!f);
  try {
    const file = files[field]?.[0];
    if (!file || typeof file.hash !== 'string') throw ValidationError.of('V_17', field, model);
    await admitBody(ctx, `${field}:${file.hash}`);
    return await use({ path: file.filepath, size: file.size, sha256: file.hash, clientName: file.originalFilename }, fields as UploadFields);
  } finally {
    await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
  }
}
