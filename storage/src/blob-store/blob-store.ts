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
