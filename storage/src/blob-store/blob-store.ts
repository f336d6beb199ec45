import { ValidationError } from '@pagelog/contracts/domain-errors';

/** Binary objects (profile images now, media later) by id. */
export interface Blob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStore {
  put(id: string, blob: Blob): Promise<void>;
  get(id: string): Promise<Blob | null>;
  /** Deleting a missing blob is not an error. */
  delete(id: string): Promise<void>;
  close(): Promise<void>;
}

const blobId = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Every adapter refuses ids outside [A-Za-z0-9_-]{1,128}: ids end up in file names and URLs, and
 * this keeps `../` and friends out. Answers the id.
 */
export function checkBlobId(id: string): string {
  if (typeof id !== 'string' || !blobId.test(id)) throw ValidationError.of('V_12', 'id', 'blob');
  return id;
}

/** A content type is one line of printable ASCII (it is sent back as a header). */
export function checkContentType(contentType: string): string {
  if (typeof contentType !== 'string' || !/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(contentType)) {
    throw new TypeError(`invalid content type: ${JSON.stringify(contentType)}`);
  }
  return contentType;
}
