import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Blob, BlobStore } from './blob-store';

/** Ids that must never reach a file name or a query. */
export const unsafeBlobIds = ['../escape', '..', '.', 'a/b', 'a\\b', '/etc/passwd', '', 'x'.repeat(129), 'a.png', 'ä', 'a\u0000b', ' a'];

/**
 * The behaviour every BlobStore adapter must show. `open` gives a fresh, empty store for each
 * test and a `cleanup` that releases everything it made.
 */
export function blobStoreContract(
  adapterName: string,
  open: () => Promise<{ store: BlobStore; cleanup: () => Promise<void> }>,
): void {
  describe(`blob store contract: ${adapterName}`, () => {
    let store: BlobStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    const expectBlob = (actual: Blob | null, expected: Blob) => {
      expect(actual).not.to.equal(null);
      expect(actual!.contentType).to.equal(expected.contentType);
      expect(Buffer.isBuffer(actual!.bytes)).to.equal(true);
      expect(actual!.bytes.equals(expected.bytes)).to.equal(true);
    };

    describe('when a blob is put', () => {
      it('gives back the same bytes, every byte value intact, and its content type', async () => {
        const blob = { bytes: Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256)), contentType: 'image/png' };
        await store.put('user-1_profile', blob);
        expectBlob(await store.get('user-1_profile'), blob);
      });

      it('keeps an empty blob and a large one', async () => {
        const empty = { bytes: Buffer.alloc(0), contentType: 'application/octet-stream' };
        const large = { bytes: randomBytes(3 * 1024 * 1024), contentType: 'image/jpeg' };
        await store.put('empty', empty);
        await store.put('large', large);
        expectBlob(await store.get('empty'), empty);
        expectBlob(await store.get('large'), large);
      });

      it('takes ids of up to 128 letters, digits, _ and -', async () => {
        const id = `${'A-z_9'.repeat(25)}abc`;
        expect(id).to.have.length(128);
        const blob = { bytes: Buffer.from('x'), contentType: 'text/plain; charset=utf-8' };
        await store.put(id, blob);
        expectBlob(await store.get(id), blob);
      });
    });

    describe('when a blob is put again under the same id', () => {
      it('answers the new bytes and content type', async () => {
        await store.put('avatar', { bytes: randomBytes(2000), contentType: 'image/png' });
        const second = { bytes: randomBytes(10), contentType: 'image/jpeg' };
        await store.put('avatar', second);
        expectBlob(await store.get('avatar'), second);
      });

      it('answers one whole blob, never a mix, while puts race and a reader reads', async () => {
        const candidates = Array.from({ length: 8 }, (_, i) => ({ bytes: randomBytes(256 * 1024), contentType: `image/x-${i}` }));
        let writing = true;
        const seen: (Blob | null)[] = [];
        const reader = (async () => {
          while (writing) seen.push(await store.get('raced'));
        })();
        await Promise.all(candidates.map((blob) => store.put('raced', blob)));
        writing = false;
        await reader;
        seen.push(await store.get('raced'));
        for (const blob of seen.filter((b) => b !== null)) {
          const match = candidates.find((c) => c.contentType === blob.contentType);
          expect(match, blob.contentType).not.to.equal(undefined);
          expect(blob.bytes.equals(match!.bytes)).to.equal(true);
        }
        expect(seen[seen.length - 1]).not.to.equal(null);
      });
    });

    describe('when a blob is missing', () => {
      it('answers null', async () => {
        await store.put('there', { bytes: Buffer.from('x'), contentType: 'text/plain' });
        expect(await store.get('not-there')).to.equal(null);
      });
    });

    describe('when a blob is deleted', () => {
      it('answers null for it and leaves the others', async () => {
        const kept = { bytes: Buffer.from('kept'), contentType: 'text/plain' };
        await store.put('gone', { bytes: Buffer.from('gone'), contentType: 'text/plain' });
        await store.put('kept', kept);
        await store.delete('gone');
        expect(await store.get('gone')).to.equal(null);
        expectBlob(await store.get('kept'), kept);
      });

      it('takes a missing id without complaint', async () => {
        await store.delete('never-stored');
      });
    });

    describe('when an id could name something outside the store', () => {
      it('refuses put, get and delete with a validation error (V_12 on id)', async () => {
        for (const id of unsafeBlobIds) {
          for (const call of [
            () => store.put(id, { bytes: Buffer.from('x'), contentType: 'text/plain' }),
            () => store.get(id),
            () => store.delete(id),
          ]) {
            const error = await call().then(() => null, (e: unknown) => e);
            expect(error, JSON.stringify(id)).to.be.instanceOf(ValidationError);
            expect((error as ValidationError).items[0]).to.include({ code: 'V_12', property: 'id', model: 'blob' });
          }
        }
      });
    });

    describe('when a content type is not one line of text', () => {
      it('refuses the put and stores nothing', async () => {
        for (const contentType of ['', 'text/html\r\nX-Injected: 1', 'image/png\n']) {
          const error = await store.put('typed', { bytes: Buffer.from('x'), contentType }).then(() => null, (e: unknown) => e);
          expect(error, JSON.stringify(contentType)).to.be.instanceOf(TypeError);
        }
        expect(await store.get('typed')).to.equal(null);
      });
    });
  });
}
