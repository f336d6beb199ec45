import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import {
  checkBlobKey,
  checkContentType,
  checkRange,
  isLegacyBlobKey,
  renditionId,
  type BlobBody,
  type BlobContent,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type RenditionParams,
} from './blob-store';
import { offThreadHash, sha256Here, sharedBuffer, type OffThreadHash } from './off-thread-hash';

// A file is a header line, then the bytes. Version 2 names the bytes' SHA-256; version 1 (the
// profile images stored before blobs were content-addressed) only the content type.
const v1 = 'pagelog-blob/1 ';
const v2 = 'pagelog-blob/2 ';
const placeholder = '0'.repeat(64);
const maxHeader = v2.length + 64 + 1 + 255 + 1;
/** How many bytes a put gathers before it writes them. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/**
 * How many bytes a put writes before it asks the disk to flush them, in the background while the
 * next arrive: the fsync at the end then has little left to do (it took 68 ms of a 100 MB upload
 * on its own; bench/README.md, media upload).
 */
const FLUSH_EVERY_BYTES = 8 * WRITE_BATCH_BYTES;
/** Batches written and hashed while the next is read: one filling, the others on their way. */
const RING_BUFFERS = 3;
/** Temp files older than this are what a crash left behind (a write in progress is never this old). */
const staleTempMs = 24 * 3600_000;

interface Header {
  length: number;
  sha256: string | null;
  contentType: string;
}

/**
 * Blobs as files under one folder (`data/blobs`):
 *
 *     sha256/<first two hex digits>/<sha256>   a blob
 *     renditions/<source key>/<rendition id>   a rendition of the blob <source key>
 *     .tmp/<uuid>                              a write in progress
 *     <uuid>                                   a profile image stored before (read and deleted only)
 *
 * A put streams into a temp file (hashing as it goes), fsyncs it and hard-links it to its hash's
 * name: the link fails when the same bytes are there already (then those stay), so concurrent
 * writers of the same content all succeed and leave one file. A reader sees the whole file or
 * none. A crash leaves at most a temp file, which a later start removes.
 */
export class FsBlobStore implements BlobStore {
  private readonly dir: string;
  private readonly tempDir: string;
  private readonly swept: Promise<void>;

  constructor(dir: string) {
    this.dir = dir;
    this.tempDir = join(dir, '.tmp');
    mkdirSync(this.tempDir, { recursive: true });
    this.swept = this.sweepTemp().catch(() => undefined);
  }

  async put(body: BlobBody, options: { contentType: string }): Promise<BlobInfo> {
    const contentType = checkContentType(options.contentType);
    const temp = await this.writeTemp(body, contentType);
    const target = this.contentPath(temp.sha256);
    try {
      await mkdir(dirname(target), { recursive: true });
      await commitWithoutReplacing(temp.path, target);
      await syncDir(dirname(target));
    } finally {
      await rm(temp.path, { force: true });
    }
    // The blob there before keeps its content type.
    return (await this.statFile(target, temp.sha256)) ?? { key: temp.sha256, size: temp.size, contentType };
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<BlobContent | null> {
    return this.read(this.pathOf(key), key, options.range);
  }

  async stat(key: string): Promise<BlobInfo | null> {
    return this.statFile(this.pathOf(key), key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(join(this.dir, 'renditions', key), { recursive: true, force: true });
  }

  async putRendition(source: string, params: RenditionParams, body: BlobBody, options: { contentType: string }): Promise<BlobInfo> {
    const target = this.renditionPath(source, params);
    const contentType = checkContentType(options.contentType);
    const temp = await this.writeTemp(body, contentType);
    try {
      // Checked once the bytes are written: a source deleted while they were made is noticed
      // (all but a delete in the last moment, whose rendition then waits for the next delete).
      if (!(await this.stat(source))) throw ValidationError.of('V_12', 'source', 'blob');
      await mkdir(dirname(target), { recursive: true });
      // A rendition made again (another encoder, say) replaces the one before.
      await rename(temp.path, target);
      await syncDir(dirname(target));
    } finally {
      await rm(temp.path, { force: true });
    }
    return { key: temp.sha256, size: temp.size, contentType };
  }

  async getRendition(source: string, params: RenditionParams, options: { range?: ByteRange } = {}): Promise<BlobContent | null> {
    return this.read(this.renditionPath(source, params), null, options.range);
  }

  async statRendition(source: string, params: RenditionParams): Promise<BlobInfo | null> {
    return this.statFile(this.renditionPath(source, params), null);
  }

  async close(): Promise<void> {
    await this.swept;
  }

  private pathOf(key: string): string {
    checkBlobKey(key);
    return isLegacyBlobKey(key) ? join(this.dir, key) : this.contentPath(key);
  }

  private contentPath(sha256: string): string {
    return join(this.dir, 'sha256', sha256.slice(0, 2), sha256);
  }

  private renditionPath(source: string, params: RenditionParams): string {
    return join(this.dir, 'renditions', checkBlobKey(source), renditionId(params));
  }

  /** Streams the body into a new temp file behind a header, fsynced; removed again on failure. */
  private async writeTemp(body: BlobBody, contentType: string): Promise<{ path: string; sha256: string; size: number }> {
    const path = join(this.tempDir, randomUUID());
    const handle = await open(path, 'wx');
    try {
      // The hash is known only at the end: the header gets a placeholder, overwritten in place.
      const header = Buffer.from(`${v2}${placeholder} ${contentType}\n`, 'latin1');
      await writeAll(handle, header, 0);
      let position = header.length;
      // Bodies arrive in small pieces (64 KB from a socket). They are copied into a ring of
      // buffers of our own (a body may reuse a piece once it is written) and handed on a megabyte
      // at a time: written to the file and hashed on the hash worker while the next megabyte is
      // read into the next buffer. A body of one batch or less is hashed here (a round trip to the
      // worker would cost more) and never makes a second buffer.
      const buffers: Buffer[] = [sharedBuffer(WRITE_BATCH_BYTES)];
      const inFlight: (Promise<void> | null)[] = Array.from({ length: RING_BUFFERS }, () => null);
      let current = 0;
      let filled = 0;
      let size = 0;
      // Set by handOn (a closure): typed wide so the checks below are not narrowed to null.
      let hash = null as OffThreadHash | null;
      let flushing: Promise<void> = Promise.resolve();
      let unflushed = 0;
      /** Writes (and hashes) the current buffer's bytes, in the background. */
      const handOn = (hashed: boolean) => {
        const bytes = buffers[current]!.subarray(0, filled);
        const written = writeAll(handle, bytes, position);
        const both = Promise.all([written, hashed ? (hash ??= offThreadHash()).update(bytes) : undefined]).then(() => undefined);
        // Awaited before the buffer is filled again, or at the end; a failure meanwhile is not unhandled.
        both.catch(() => undefined);
        inFlight[current] = both;
        unflushed += filled;
        if (unflushed >= FLUSH_EVERY_BYTES) {
          unflushed = 0;
          // One flush at a time, each after the write before it. A failed flush fails the put: a later
          // fsync may not report what an earlier one lost.
          flushing = flushing.then(() => written).then(() => handle.datasync());
          flushing.catch(() => undefined);
        }
        position += filled;
        filled = 0;
      };
      const settled = async () => {
        for (const p of inFlight) await p?.catch(() => undefined);
        await flushing.catch(() => undefined);
      };
      let sha256: string;
      try {
        for await (const chunk of body) {
          if (!(chunk instanceof Uint8Array)) throw new TypeError('a blob body yields bytes (Buffer or Uint8Array)');
          size += chunk.length;
          for (let offset = 0; offset < chunk.length; ) {
            const take = Math.min(WRITE_BATCH_BYTES - filled, chunk.length - offset);
            buffers[current]!.set(chunk.subarray(offset, offset + take), filled);
            filled += take;
            offset += take;
            if (filled === WRITE_BATCH_BYTES) {
              handOn(true);
              current = (current + 1) % RING_BUFFERS;
              buffers[current] ??= sharedBuffer(WRITE_BATCH_BYTES);
              // The next buffer's last batch must be written and hashed before it is filled again.
              await inFlight[current];
            }
          }
        }
        const here = hash === null ? sha256Here(buffers[current]!.subarray(0, filled)) : null;
        if (filled > 0) handOn(here === null);
        for (const p of inFlight) await p;
        await flushing;
        sha256 = here ?? (await hash!.digest());
      } catch (error) {
        // No write or flush may still run when the file is removed.
        await settled();
        hash?.abort();
        throw error;
      }
      await writeAll(handle, Buffer.from(sha256, 'latin1'), v2.length);
      await handle.sync();
      await handle.close();
      return { path, sha256, size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
      throw error;
    }
  }

  private async read(path: string, key: string | null, range: ByteRange | undefined): Promise<BlobContent | null> {
    const handle = await openIfExists(path);
    if (!handle) return null;
    try {
      const header = await readHeader(handle, path);
      const size = (await handle.stat()).size - header.length;
      const wanted = checkRange(range, size);
      const info = { key: key ?? header.sha256!, size, contentType: header.contentType };
      if (size === 0) {
        await handle.close();
        return { ...info, range: null, stream: Readable.from([]) };
      }
      const start = header.length + (wanted?.start ?? 0);
      const end = header.length + (wanted?.end ?? size - 1);
      // The stream owns the handle from here: it closes it at its end or when destroyed.
      return { ...info, range: wanted, stream: handle.createReadStream({ start, end }) };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  private async statFile(path: string, key: string | null): Promise<BlobInfo | null> {
    const handle = await openIfExists(path);
    if (!handle) return null;
    try {
      const header = await readHeader(handle, path);
      return { key: key ?? header.sha256!, size: (await handle.stat()).size - header.length, contentType: header.contentType };
    } finally {
      await handle.close();
    }
  }

  private async sweepTemp(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.tempDir)) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > staleTempMs) await rm(path, { force: true });
    }
  }
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

/** Links temp to target unless target exists (same name, same bytes: the one there stays). */
async function commitWithoutReplacing(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    // A file system without hard links: a rename replaces the file with the same bytes.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') await rename(temp, target);
    else throw error;
  }
}

async function openIfExists(path: string): Promise<FileHandle | null> {
  try {
    return await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function readHeader(handle: FileHandle, path: string): Promise<Header> {
  const buffer = Buffer.alloc(maxHeader);
  const { bytesRead } = await handle.read(buffer, 0, maxHeader, 0);
  const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
  const line = end < 0 ? '' : buffer.subarray(0, end).toString('latin1');
  if (line.startsWith(v2)) {
    const sha256 = line.slice(v2.length, v2.length + 64);
    return { length: end + 1, sha256, contentType: line.slice(v2.length + 65) };
  }
  if (line.startsWith(v1)) return { length: end + 1, sha256: null, contentType: line.slice(v1.length) };
  throw new Error(`${path} is not in the blob store's format`);
}

/** Makes a link or rename in the folder durable. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
