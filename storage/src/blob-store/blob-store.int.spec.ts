import { randomBytes } from 'node:crypto';
import { freshSchema } from '../postgres/fresh-schema';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { blobStoreContract, unsafeBlobIds } from './blob-store.contract';
import { FsBlobStore } from './fs-blob-store';
import { PostgresBlobStore } from './postgres-blob-store';
import { unreachablePool } from '../postgres/unreachable-pool';

blobStoreContract('file system', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-bs-'));
  const store = new FsBlobStore(join(dir, 'data', 'blobs'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('file-system blob store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pagelog-bs-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when blobs are put', () => {
    it('writes one file per id in its folder and leaves no temp files', async () => {
      const store = new FsBlobStore(join(dir, 'blobs'));
      await store.put('one', { bytes: randomBytes(100), contentType: 'image/png' });
      await store.put('two', { bytes: randomBytes(100), contentType: 'image/png' });
      await store.put('one', { bytes: randomBytes(100), contentType: 'image/jpeg' });
      expect(readdirSync(join(dir, 'blobs')).sort()).to.deep.equal(['one', 'two']);
    });

    it('finds them again through a new store on the same folder', async () => {
      const blob = { bytes: randomBytes(100), contentType: 'image/png' };
      await new FsBlobStore(join(dir, 'blobs')).put('kept', blob);
      const again = await new FsBlobStore(join(dir, 'blobs')).get('kept');
      expect(again!.contentType).to.equal('image/png');
      expect(again!.bytes.equals(blob.bytes)).to.equal(true);
    });
  });

  describe('when an id tries to leave the folder', () => {
    it('touches nothing outside it', async () => {
      const inner = join(dir, 'store', 'blobs');
      mkdirSync(join(dir, 'store'), { recursive: true });
      const store = new FsBlobStore(inner);
      for (const id of unsafeBlobIds) {
        await store.put(id, { bytes: Buffer.from('x'), contentType: 'text/plain' }).catch(() => undefined);
      }
      expect(existsSync(join(dir, 'store', 'escape'))).to.equal(false);
      expect(readdirSync(join(dir, 'store'))).to.deep.equal(['blobs']);
      expect(readdirSync(inner)).to.deep.equal([]);
    });
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  blobStoreContract('PostgreSQL', async () => {
    const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'bs' });
    const store = new PostgresBlobStore({ pool, schema });
    await store.init();
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });

  describe('PostgreSQL blob store', () => {
    describe('when several processes initialise the same schema at once', () => {
      it('creates it once and all can use it', async () => {
        const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'bs' });
        try {
          const stores = [1, 2, 3].map(() => new PostgresBlobStore({ pool, schema }));
          await Promise.all(stores.map((s) => s.init()));
          await stores[0]!.put('shared', { bytes: Buffer.from('x'), contentType: 'text/plain' });
          expect((await stores[2]!.get('shared'))!.contentType).to.equal('text/plain');
        } finally {
          await drop();
        }
      });
    });

    describe('when the server cannot be reached', () => {
      it('rejects calls with StoreUnavailableError (503)', async () => {
        const pool = unreachablePool();
        const store = new PostgresBlobStore({ pool });
        try {
          const error = await store.get('x').then(() => null, (e: unknown) => e);
          expect(error).to.be.instanceOf(StoreUnavailableError);
        } finally {
          await pool.end();
        }
      });
    });
  });
}
