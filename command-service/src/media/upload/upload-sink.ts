import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { UnsupportedMediaTypeError, ValidationError, type DomainError } from '@pagelog/contracts/domain-errors';
import type { BlobInfo, BlobStore } from '@pagelog/storage/blob-store/blob-store';
import type { FileSink } from '../../core/uploads/with-streamed-file';
import { MEDIA_HEAD_BYTES, sniffMediaHead, sniffMediaType, type SniffedMediaType, type TextCheck } from '../../core/uploads/sniff-media-type';
import { MEDIA_MODEL } from '../media-names';

/** The multipart field of the file (spec: add-file, multipart: path, f). */
export const FILE_FIELD = 'f';

/** An upload's bytes in the blob store, and what they are. */
export interface StoredUpload {
  blob: BlobInfo;
  type: SniffedMediaType;
}

const unsupported = () => new UnsupportedMediaTypeError(FILE_FIELD, MEDIA_MODEL, 'ML_11');

/** Ends a put whose bytes are refused or cut off: the store then keeps nothing of them. */
class Withdrawn extends Error {
  constructor() {
    super('the upload was refused or cut off before its end');
  }
}

/**
 * Where add-file's bytes go as they arrive: judged by their type and stored in one pass. The
 * first MEDIA_HEAD_BYTES are held until their type is known (the put needs the content type
 * first, and nearly every type shows in them); then they and the rest stream straight into
 * `blobs.put`, which hashes and writes them once, while a text's rest is checked on the way.
 * Refused bytes (a type it does not take, text that turns out not to be, no bytes) and a cut-off
 * upload (too large, aborted) end the put with an error, so the store keeps nothing of them; the
 * rest of a refused file is read and dropped, so the client gets its answer (415) as for any
 * other, not a reset connection. Only a zip or compound file whose telling part lies past the
 * head is spooled to a temp file and judged whole before it is put (two passes, as before).
 *
 * Never errors its stream (that would cut the request off): `done` carries the outcome, a
 * refusal as a rejection with its domain error.
 */
export function mediaUploadSink(blobs: BlobStore): FileSink<StoredUpload> {
  let settle!: { resolve: (stored: StoredUpload) => void; reject: (error: unknown) => void };
  const done = new Promise<StoredUpload>((resolve, reject) => (settle = { resolve, reject }));

  const head: Buffer[] = [];
  let headLength = 0;
  let phase: 'head' | 'storing' | 'spooling' | 'ended' | 'dropping' = 'head';
  let body: PassThrough | null = null;
  let text: TextCheck | null = null;
  let spool: { dir: string; path: string; file: WriteStream } | null = null;

  /** The put under way, settled either way: a refusal is answered only once it has undone its writes. */
  let putting: Promise<unknown> = Promise.resolve();

  /**
   * Answers with `error` (once the put has given up, or the spool is gone) and reads past
   * whatever else arrives.
   */
  const refuse = (error: DomainError | Error) => {
    if (phase === 'dropping' || phase === 'ended') return;
    phase = 'dropping';
    body?.destroy(new Withdrawn());
    if (spool) {
      const { dir, file } = spool;
      file.destroy();
      putting = rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    void putting.then(() => settle.reject(error));
  };

  /** The head's verdict: what to do with it and with the bytes after it. */
  const decide = async (complete: boolean) => {
    if (headLength === 0) return refuse(ValidationError.of('V_17', FILE_FIELD, MEDIA_MODEL));
    const bytes = Buffer.concat(head);
    head.length = 0;
    const verdict = await sniffMediaHead(bytes, complete);
    if (verdict === null) return refuse(unsupported());
    if (verdict === 'undecided') {
      phase = 'spooling';
      const dir = await mkdtemp(join(tmpdir(), 'pagelog-upload-'));
      // Cut off while the folder was made: nothing will remove it but this.
      if (phase !== 'spooling') return void (await rm(dir, { recursive: true, force: true }));
      spool = { dir, path: join(dir, 'upload'), file: createWriteStream(join(dir, 'upload')) };
      spool.file.on('error', (error) => refuse(error));
      await writeTo(spool.file, bytes);
      return;
    }
    phase = 'storing';
    text = verdict.rest;
    // Read side in object mode: each read hands on one piece as it came. A byte-mode read joins
    // everything buffered into a new buffer, a copy of every byte that cost more than the disk.
    const stream = new PassThrough({ writableHighWaterMark: MEDIA_HEAD_BYTES, readableObjectMode: true, readableHighWaterMark: 16 });
    // The put sees a withdrawn body's error through its reading; nothing else listens.
    stream.on('error', () => undefined);
    body = stream;
    const type = verdict.type;
    putting = blobs.put(stream, { contentType: type.contentType }).then(
      (blob) => settle.resolve({ blob, type }),
      // After a refusal this is the put giving up on the withdrawn body (refuse ignores it);
      // after the end, the store failing.
      (error: unknown) => (phase === 'ended' ? settle.reject(error) : refuse(error as Error)),
    );
    await writeTo(stream, bytes);
  };

  /** The spooled file, judged whole, then put from disk. */
  const putSpooled = async () => {
    const { dir, path, file } = spool!;
    try {
      file.end();
      await finished(file);
      const type = await sniffMediaType(path);
      if (!type) return refuse(unsupported());
      settle.resolve({ blob: await blobs.put(createReadStream(path), { contentType: type.contentType }), type });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  const stream = new Writable({
    highWaterMark: MEDIA_HEAD_BYTES,
    write(chunk: Buffer, _encoding, callback) {
      const step = async () => {
        if (phase === 'head') {
          head.push(chunk);
          headLength += chunk.length;
          if (headLength >= MEDIA_HEAD_BYTES) await decide(false);
        } else if (phase === 'storing') {
          if (text && !text.push(chunk)) return refuse(unsupported());
          // Straight on, without gathering: the store batches its own writes (the file store
          // with writev), and a copy of every megabyte here cost more than the disk did.
          await writeTo(body!, chunk);
        } else if (phase === 'spooling') {
          await writeTo(spool!.file, chunk);
        }
      };
      step().then(() => callback(), (error: unknown) => (refuse(error as Error), callback()));
    },
    final(callback) {
      const step = async () => {
        if (phase === 'head') await decide(true);
        if (phase === 'storing') {
          if (text && !text.end()) return refuse(unsupported());
          phase = 'ended';
          body!.end();
        } else if (phase === 'spooling') {
          await putSpooled();
          phase = 'ended';
        }
      };
      step().then(() => callback(), (error: unknown) => (refuse(error as Error), callback()));
    },
    destroy(error, callback) {
      // Cut off before its end: the put fails and leaves no blob; a spool is removed. (Every
      // sink is destroyed after its end too: then the put goes on.)
      refuse(error ?? new Withdrawn());
      callback(null);
    },
  });
  return { stream, done };
}

/** Writes a chunk and waits until the stream has taken it (so a slow store slows the request, not memory). */
function writeTo(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    // A destroyed stream calls back with an error; what follows is decided elsewhere.
    stream.write(chunk, () => resolve());
  });
}
