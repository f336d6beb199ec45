import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { KeyStore } from './key-store';
import { blindIndex, deriveKey, PersonalDataVault } from './personal-data-vault';

/** Keys in a Map, so the vault's rules are tested without a database. */
class MemoryKeyStore implements KeyStore {
  readonly keys = new Map<string, Buffer>();
  async putIfAbsent(ownerId: string, wrappedKey: Buffer): Promise<Buffer> {
    if (!this.keys.has(ownerId)) this.keys.set(ownerId, Buffer.from(wrappedKey));
    return this.keys.get(ownerId)!;
  }
  async get(ownerId: string): Promise<Buffer | null> {
    return this.keys.get(ownerId) ?? null;
  }
  async destroy(ownerId: string): Promise<void> {
    this.keys.delete(ownerId);
  }
  async close(): Promise<void> {}
}

const person = { name: 'Zoë Example', email: 'zoe@example.com', tags: ['a', 1, null], nested: { ok: true } };

describe('personal data vault', () => {
  let keys: MemoryKeyStore;
  let masterKey: Buffer;
  let vault: PersonalDataVault;

  beforeEach(async () => {
    keys = new MemoryKeyStore();
    masterKey = randomBytes(32);
    vault = new PersonalDataVault({ keys, masterKey });
    await vault.createKey('user-a');
  });

  describe('when a value is sealed for an owner with a key', () => {
    it('opens to the same value', async () => {
      const sealed = await vault.seal('user-a', person);
      expect(await vault.open('user-a', sealed)).to.deep.equal(person);
      for (const value of ['text', 42, null, [1, 'two'], false]) {
        expect(await vault.open('user-a', await vault.seal('user-a', value))).to.deep.equal(value);
      }
    });

    it('answers text of the form v1.<iv>.<ciphertext>.<tag> that does not show the value', async () => {
      const sealed = await vault.seal('user-a', person);
      expect(sealed).to.match(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
      expect(sealed).not.to.include('zoe@example.com');
      expect(Buffer.from(sealed.split('.')[2]!, 'base64url').includes('zoe@example.com')).to.equal(false);
    });

    it('gives a different text each time for the same value', async () => {
      const [first, second] = [await vault.seal('user-a', person), await vault.seal('user-a', person)];
      expect(first).not.to.equal(second);
      expect(first.split('.')[1]).not.to.equal(second.split('.')[1]);
      expect(await vault.open('user-a', second)).to.deep.equal(person);
    });

    it('is opened by another vault with the same store and master key', async () => {
      const sealed = await vault.seal('user-a', person);
      const elsewhere = new PersonalDataVault({ keys, masterKey });
      expect(await elsewhere.open('user-a', sealed)).to.deep.equal(person);
    });
  });

  describe('when sealed data has been altered', () => {
    it('throws instead of answering a value', async () => {
      const [prefix, iv, ciphertext, tag] = (await vault.seal('user-a', person)).split('.') as [string, string, string, string];
      const flipped = Buffer.from(ciphertext, 'base64url');
      flipped[0]! ^= 0x01;
      const otherTag = Buffer.from(tag, 'base64url');
      otherTag[15]! ^= 0x80;
      for (const altered of [
        [prefix, iv, flipped.toString('base64url'), tag].join('.'),
        [prefix, iv, ciphertext, otherTag.toString('base64url')].join('.'),
        [prefix, randomBytes(12).toString('base64url'), ciphertext, tag].join('.'),
      ]) {
        const error = await vault.open('user-a', altered).then(() => null, (e: unknown) => e);
        expect(error).to.be.instanceOf(Error);
        expect((error as Error).message).to.match(/failed authentication/);
      }
    });

    it('throws for text that is not a sealed value', async () => {
      for (const text of ['', 'hello', 'v2.a.b.c', 'v1.a.b']) {
        const error = await vault.open('user-a', text).then(() => null, (e: unknown) => e);
        expect(error).to.be.instanceOf(TypeError);
      }
    });

    it('throws when a value sealed for one owner is opened as another', async () => {
      await vault.createKey('user-b');
      const sealed = await vault.seal('user-a', person);
      const error = await vault.open('user-b', sealed).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
    });
  });

  describe('when bytes are sealed', () => {
    it('opens to the same bytes, does not show them, and differs each time', async () => {
      const bytes = Buffer.concat([Buffer.from('PLAINTEXT-MARKER'), randomBytes(1000)]);
      const first = await vault.sealBytes('user-a', bytes);
      const second = await vault.sealBytes('user-a', bytes);
      expect((await vault.openBytes('user-a', first))!.equals(bytes)).to.equal(true);
      expect(first.includes('PLAINTEXT-MARKER')).to.equal(false);
      expect(first.equals(second)).to.equal(false);
    });

    it('throws when a byte was altered', async () => {
      const sealed = await vault.sealBytes('user-a', Buffer.from('some bytes'));
      sealed[20]! ^= 0x01;
      const error = await vault.openBytes('user-a', sealed).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
    });
  });

  describe('when an owner is forgotten', () => {
    it('answers null for what was sealed for them, even right after using their key', async () => {
      const sealed = await vault.seal('user-a', person);
      const sealedBytes = await vault.sealBytes('user-a', Buffer.from('PLAINTEXT-MARKER'));
      expect(await vault.open('user-a', sealed)).to.deep.equal(person);

      await vault.forget('user-a');

      expect(await vault.open('user-a', sealed)).to.equal(null);
      expect(await vault.openBytes('user-a', sealedBytes)).to.equal(null);
      expect(await new PersonalDataVault({ keys, masterKey }).open('user-a', sealed)).to.equal(null);
      expect(await keys.get('user-a')).to.equal(null);
      expect(sealed).not.to.include('zoe@example.com');
      expect(Buffer.from(sealed.split('.')[2]!, 'base64url').includes('zoe@example.com')).to.equal(false);
    });

    it('refuses to seal anything more for them', async () => {
      await vault.forget('user-a');
      const error = await vault.seal('user-a', person).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message).to.include('no personal-data key');
    });

    it("leaves other owners' data readable", async () => {
      await vault.createKey('user-b');
      const sealed = await vault.seal('user-b', person);
      await vault.forget('user-a');
      expect(await vault.open('user-b', sealed)).to.deep.equal(person);
    });
  });

  describe('when an owner has no key', () => {
    it('refuses to seal and answers null on open', async () => {
      const sealed = await vault.seal('user-a', person);
      const error = await vault.seal('user-none', person).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
      expect(await vault.open('user-none', sealed)).to.equal(null);
    });
  });

  describe('when a key is created', () => {
    it('keeps the existing key when asked again, so earlier values still open', async () => {
      const sealed = await vault.seal('user-a', person);
      const stored = await keys.get('user-a');
      await vault.createKey('user-a');
      await new PersonalDataVault({ keys, masterKey }).createKey('user-a');
      expect((await keys.get('user-a'))!.equals(stored!)).to.equal(true);
      expect(await vault.open('user-a', sealed)).to.deep.equal(person);
    });

    it('stores it wrapped, so without the master key it is of no use', async () => {
      const sealed = await vault.seal('user-a', person);
      const stranger = new PersonalDataVault({ keys, masterKey: randomBytes(32) });
      const error = await stranger.open('user-a', sealed).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
    });

    it('settles on one key when two vaults create it at once', async () => {
      const [one, two] = [new PersonalDataVault({ keys, masterKey }), new PersonalDataVault({ keys, masterKey })];
      await Promise.all([one.createKey('user-c'), two.createKey('user-c')]);
      expect(await two.open('user-c', await one.seal('user-c', person))).to.deep.equal(person);
      expect(await one.open('user-c', await two.seal('user-c', person))).to.deep.equal(person);
    });

    it('needs a 32-byte master key', () => {
      expect(() => new PersonalDataVault({ keys, masterKey: randomBytes(16) })).to.throw(TypeError);
    });
  });
});

describe('deriveKey', () => {
  it('is HKDF-SHA256 with an empty salt (RFC 5869, test case 3)', () => {
    const okm = deriveKey(Buffer.alloc(22, 0x0b), '');
    expect(okm.toString('hex')).to.equal('8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d');
  });

  it('gives 32 bytes, the same for the same inputs and different for another purpose', () => {
    expect(deriveKey('secret', 'cookies')).to.have.length(32);
    expect(deriveKey('secret', 'cookies').equals(deriveKey(Buffer.from('secret'), 'cookies'))).to.equal(true);
    expect(deriveKey('secret', 'cookies').equals(deriveKey('secret', 'tokens'))).to.equal(false);
    expect(deriveKey('secret', 'cookies').equals(deriveKey('other', 'cookies'))).to.equal(false);
  });
});

describe('blindIndex', () => {
  it('is the HMAC-SHA256 (hex) of the value under the derived blind-index key', () => {
    const expected = createHmac('sha256', deriveKey('secret', 'blind-index')).update('zoe@example.com').digest('hex');
    expect(blindIndex('secret', 'zoe@example.com')).to.equal(expected).and.to.match(/^[0-9a-f]{64}$/);
  });

  it('is stable for a value and differs by value and by secret', () => {
    expect(blindIndex('secret', 'a@example.com')).to.equal(blindIndex('secret', 'a@example.com'));
    expect(blindIndex('secret', 'a@example.com')).not.to.equal(blindIndex('secret', 'b@example.com'));
    expect(blindIndex('secret', 'a@example.com')).not.to.equal(blindIndex('other', 'a@example.com'));
  });
});
