// The blob stores' SHA-256 off the main thread (see off-thread-hash.ts). Plain JavaScript, so it
// loads the same under tsx, the tests and a built server. Messages, in order per hash id:
//   { op: 'update', id, seq, buffer: SharedArrayBuffer, offset, length }  answered { id, seq }
//   { op: 'digest', id, seq }                                             answered { id, seq, digest }
//   { op: 'abort', id }                                                   not answered
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const hashes = new Map();

parentPort.on('message', (message) => {
  const { op, id, seq } = message;
  if (op === 'abort') {
    hashes.delete(id);
    return;
  }
  let hash = hashes.get(id);
  if (!hash) hashes.set(id, (hash = createHash('sha256')));
  if (op === 'update') {
    hash.update(new Uint8Array(message.buffer, message.offset, message.length));
    parentPort.postMessage({ id, seq });
  } else if (op === 'digest') {
    hashes.delete(id);
    parentPort.postMessage({ id, seq, digest: hash.digest('hex') });
  }
});
