import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { offThreadHash, sha256Here, sharedBuffer } from './off-thread-hash';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Bytes in shared memory, as the file store hands them to the worker. */
function shared(bytes: Buffer): Buffer {
  const buffer = sharedBuffer(bytes.length);
  bytes.copy(buffer);
  return buffer;
}

describe('the off-thread hash', () => {
  it('answers the SHA-256 of its updates, in the order they were made', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const hash = offThreadHash();
    const pieces = [bytes.subarray(0, 1024 * 1024), bytes.subarray(1024 * 1024, 3 * 1024 * 1024), bytes.subarray(3 * 1024 * 1024)];
    await Promise.all(pieces.map((piece) => hash.update(shared(piece))));
    expect(await hash.digest()).to.equal(sha256(bytes));
  });

  it('keeps hashes made at once apart, and hashes nothing as the empty SHA-256', async () => {
    const a = randomBytes(100_000);
    const b = randomBytes(200_000);
    const [ha, hb, none] = [offThreadHash(), offThreadHash(), offThreadHash()];
    await Promise.all([ha.update(shared(a.subarray(0, 50_000))), hb.update(shared(b)), ha.update(shared(a.subarray(50_000)))]);
    expect(await Promise.all([ha.digest(), hb.digest(), none.digest()])).to.deep.equal([sha256(a), sha256(b), sha256(Buffer.alloc(0))]);
  });

  it('reads a view into shared memory at its offset, not the whole buffer', async () => {
    const bytes = shared(randomBytes(4096));
    const hash = offThreadHash();
    await hash.update(bytes.subarray(100, 300));
    expect(await hash.digest()).to.equal(sha256(bytes.subarray(100, 300)));
  });

  it('refuses bytes outside shared memory, and forgets an aborted hash', async () => {
    const hash = offThreadHash();
    const refused = await hash.update(Buffer.from('niet gedeeld')).then(() => null, (e: unknown) => e);
    expect(refused).to.be.instanceOf(TypeError);
    await hash.update(shared(Buffer.from('eerste')));
    hash.abort();
    // A later update under the same hash starts over: the aborted bytes are gone.
    await hash.update(shared(Buffer.from('tweede')));
    expect(await hash.digest()).to.equal(sha256(Buffer.from('tweede')));
  });

  it('hashes here what is too small to send', () => {
    expect(sha256Here(Buffer.from('klein'))).to.equal(sha256(Buffer.from('klein')));
  });
});
