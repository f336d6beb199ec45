import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkBlobId, checkContentType, type Blob, type BlobStore } from './blob-store';

const magic = 'pagelog-blob/1 ';

/**
 * Blobs as files in one folder (e.g. data/blobs), one file per id named after it. The content
 * type sits in the file's first line (`pagelog-blob/1 <type>\n`, then the bytes), so a put is a
 * single atomic rename of a fully written, fsynced temp file: a reader sees the old blob or the
 * new one, never half of either, and a crash leaves at most a stray `.tmp-*` file behind.
 */
export class FsBlobStore implements BlobStore {
  private readonly dir: string;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.dir = dir;
  }

  async put(id: string, blob: Blob): Promise<void> {
    const target = this.file(id);
    const header = Buffer.from(`${magic}${checkContentType(blob.contentType)}\n`, 'latin1');
    // Temp names start with a dot, which no id can.
    const temp = join(this.dir, `.tmp-${id}-${randomBytes(6).toString('hex')}`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writev([header, blob.bytes]);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await this.syncDir();
  }

  async get(id: string): Promise<Blob | null> {
    let content: Buffer;
    try {
      content = await readFile(this.file(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const end = content.indexOf(0x0a);
    const header = end < 0 ? '' : content.subarray(0, end).toString('latin1');
    if (!header.startsWith(magic)) throw new Error(`blob ${id} is not in the blob store's format`);
    return { contentType: header.slice(magic.length), bytes: content.subarray(end + 1) };
  }

  async delete(id: string): Promise<void> {
    try {
      await unlink(this.file(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async close(): Promise<void> {}

  private file(id: string): string {
    return join(this.dir, checkBlobId(id));
  }

  /** Makes the rename itself durable. */
  private async syncDir(): Promise<void> {
    const handle = await open(this.dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
