import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Context } from 'koa';
import formidable from 'formidable';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@pagelog/contracts/domain-errors';
import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';
import { admitBody } from '@pagelog/service-kit/http/idempotency';

/**
 * Reads the one file of a multipart upload under `field`, refusing more than `maxBytes` while it
 * streams in (UM_05) and anything that is not multipart (415). The temporary file is removed.
 * With an Idempotency-Key the file's bytes are what the key's fingerprint covers (the multipart
 * framing differs on every attempt); a retry of an upload that succeeded is answered here, with
 * the stored result (AlreadyAnswered ends the handler).
 */
export async function readUploadedFile(ctx: Context, field: string = PROFILE_IMAGE.field, maxBytes: number = PROFILE_IMAGE.maxBytes): Promise<Buffer> {
  if (!ctx.is('multipart/form-data')) throw new UnsupportedMediaTypeError(field, 'user', 'V_17');
  const form = formidable({ maxFiles: 1, maxFileSize: maxBytes, maxTotalFileSize: maxBytes, allowEmptyFiles: true, minFileSize: 0, maxFields: 10 });
  let files: formidable.Files;
  try {
    [, files] = await form.parse(ctx.req);
  } catch (error) {
    const e = error as { code?: number; httpCode?: number };
    if (e.code === 1009 || e.code === 1016 || e.httpCode === 413) throw new PayloadTooLargeError('UM_05', field, 'user');
    throw ValidationError.of('V_17', field, 'user');
  }
  const all = Object.values(files).flat().filter((f): f is formidable.File => !!f);
  let bytes: Buffer;
  try {
    const file = files[field]?.[0];
    if (!file) throw ValidationError.of('V_17', field, 'user');
    bytes = await readFile(file.filepath);
  } finally {
    await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
  }
  await admitBody(ctx, `${field}:${createHash('sha256').update(bytes).digest('hex')}`);
  return bytes;
}
