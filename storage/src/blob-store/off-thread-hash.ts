import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * A SHA-256 computed on a worker thread from bytes in shared memory, so a large put hashes one
 * batch while the main thread reads the next from the socket (the hash took 63 ms of a 100 MB
 * upload's main-thread time; bench/README.md, media upload). One worker serves every hash of the
 * process; it is started by the first hash and holds the process open only while it has work.
 *
 * `update` takes a view into a SharedArrayBuffer and settles once the worker has read it: until
 * then the caller must not change those bytes. Updates are applied in the order they are made.
 */
export interface OffThreadHash {
  update(bytes: Uint8Array): Promise<void>;
  digest(): Promise<string>;
  /** Forgets the hash (a put that failed): pending updates still settle. */
  abort(): void;
}

interface Pending {
  resolve: (digest: string | undefined) => void;
  reject: (error: unknown) => void;
}

let worker: Worker | null = null;
const pending = new Map<string, Pending>();
let nextId = 0;

function failAll(error: unknown): void {
  const waiting = [...pending.values()];
  pending.clear();
  worker = null;
  for (const p of waiting) p.reject(error);
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./hash-worker.mjs', import.meta.url));
  w.on('message', (message: { id: number; seq: number; digest?: string }) => {
    const key = `${message.id}:${message.seq}`;
    const p = pending.get(key);
    pending.delete(key);
    if (pending.size === 0) w.unref();
    p?.resolve(message.digest);
  });
  w.on('error', (error) => failAll(error));
  w.on('exit', (code) => failAll(new Error(`the hash worker stopped (exit code ${code})`)));
  w.unref();
  worker = w;
  return w;
}

function ask(message: Record<string, unknown>, id: number, seq: number): Promise<string | undefined> {
  const w = started();
  return new Promise((resolve, reject) => {
    pending.set(`${id}:${seq}`, { resolve, reject });
    // Held open while it has work: a put waiting for its hash must not see the process leave.
    w.ref();
    w.postMessage({ ...message, id, seq });
  });
}

export function offThreadHash(): OffThreadHash {
  const id = nextId++;
  let seq = 0;
  return {
    async update(bytes) {
      if (!(bytes.buffer instanceof SharedArrayBuffer)) throw new TypeError('an off-thread hash reads shared memory');
      await ask({ op: 'update', buffer: bytes.buffer, offset: bytes.byteOffset, length: bytes.length }, id, seq++);
    },
    async digest() {
      return (await ask({ op: 'digest' }, id, seq++))!;
    },
    abort() {
      worker?.postMessage({ op: 'abort', id });
    },
  };
}

/** A buffer in shared memory, for `OffThreadHash.update`. */
export function sharedBuffer(size: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(size));
}

/** The SHA-256 of bytes on this thread (for small bodies, where a round trip costs more than the hash). */
export function sha256Here(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
