import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { KeyStore } from './key-store';

/**
 * The behaviour every KeyStore adapter must show. `open` gives a fresh, empty store for each
 * test and a `cleanup` that releases everything it made.
 */
export function keyStoreContract(
  adapterName: string,
  open: () => Promise<{ store: KeyStore; cleanup: () => Promise<void> }>,
): void {
  describe(`key store contract: ${adapterName}`, () => {
    let store: KeyStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('when a key is stored for a new owner', () => {
      it('answers it and gives back the same bytes, every byte value intact', async () => {
        const key = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.alloc(4)]);
        const stored = await store.putIfAbsent('user-a', key);
        expect(stored.equals(key)).to.equal(true);
        const read = await store.get('user-a');
        expect(Buffer.isBuffer(read)).to.equal(true);
        expect(read!.equals(key)).to.equal(true);
      });

      it('answers null for an owner without a key', async () => {
        await store.putIfAbsent('user-a', randomBytes(60));
        expect(await store.get('user-b')).to.equal(null);
      });
    });

    describe('when an owner already has a key', () => {
      it('keeps the first and answers it instead of the new one', async () => {
        const first = randomBytes(60);
        await store.putIfAbsent('user-a', first);
        const answer = await store.putIfAbsent('user-a', randomBytes(60));
        expect(answer.equals(first)).to.equal(true);
        expect((await store.get('user-a'))!.equals(first)).to.equal(true);
      });

      it('answers the same stored key to 20 writers racing for the same owner', async () => {
        const offered = Array.from({ length: 20 }, () => randomBytes(60));
        const answers = await Promise.all(offered.map((key) => store.putIfAbsent('user-race', key)));
        const stored = (await store.get('user-race'))!;
        expect(offered.some((key) => key.equals(stored))).to.equal(true);
        for (const answer of answers) expect(answer.equals(stored)).to.equal(true);
      });
    });

    describe('when a key is destroyed', () => {
      it("is gone for its owner and leaves other owners' keys", async () => {
        const other = randomBytes(60);
        await store.putIfAbsent('user-a', randomBytes(60));
        await store.putIfAbsent('user-b', other);
        await store.destroy('user-a');
        expect(await store.get('user-a')).to.equal(null);
        expect((await store.get('user-b'))!.equals(other)).to.equal(true);
      });

      it('lets a new key be stored for the owner afterwards', async () => {
        await store.putIfAbsent('user-a', randomBytes(60));
        await store.destroy('user-a');
        const fresh = randomBytes(60);
        expect((await store.putIfAbsent('user-a', fresh)).equals(fresh)).to.equal(true);
      });

      it('takes an owner without a key without complaint', async () => {
        await store.destroy('user-nobody');
        expect(await store.get('user-nobody')).to.equal(null);
      });
    });
  });
}
