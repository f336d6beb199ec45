import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { freshSchema } from '../postgres/fresh-schema';
import { unreachablePool } from '../postgres/unreachable-pool';
import type { BlobContent, BlobStore } from './blob-store';
import { blobStoreContract, unsafeBlobKeys } from './blob-store.contract';
import { FsBlobStore } from './fs-blob-store';
import { PostgresBlobStore } from './postgres-blob-store';
import { S3BlobStore, s3OptionsFromUrl } from './s3-blob-store';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(content: BlobContent | null): Promise<Buffer> {
  expect(content, 'the blob is there').not.to.equal(null);
  const chunks: Buffer[] = [];
  for await (const chunk of content!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What a profile image stored before content addressing looks like to every adapter that had one. */
async function expectLegacyImageServed(store: BlobStore, id: string, bytes: Buffer): Promise<void> {
  expect(await store.stat(id)).to.deep.equal({ key: id, size: bytes.length, contentType: 'image/png' });
  const whole = await store.get(id);
  expect(whole).to.include({ key: id, size: bytes.length, contentType: 'image/png', range: null });
  expect((await bytesOf(whole)).equals(bytes)).to.equal(true);
  expect((await bytesOf(await store.get(id, { range: { start: 10, end: 99 } }))).equals(bytes.subarray(10, 100))).to.equal(true);
  await store.delete(id);
  expect(await store.get(id)).to.equal(null);
  expect(await store.stat(id)).to.equal(null);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

blobStoreContract('file system', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-bs-'));
  const blobs = join(dir, 'data', 'blobs');
  const store = new FsBlobStore(blobs);
  return {
    store,
    leftovers: async () => filesUnder(blobs).length,
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

  describe('when blobs and renditions are put', () => {
    it('files them by hash and by source, and leaves no temp file', async () => {
      const store = new FsBlobStore(join(dir, 'blobs'));
      const one = await store.put([Buffer.from('one')], { contentType: 'text/plain' });
      await store.putRendition(one.key, { width: 1 }, [Buffer.from('r')], { contentType: 'text/plain' });
      const files = filesUnder(join(dir, 'blobs'));
      expect(files).to.have.length(2);
      expect(files).to.include(join('sha256', one.key.slice(0, 2), one.key));
      expect(files.find((f) => f.startsWith(join('renditions', one.key)))).not.to.equal(undefined);
      await store.close();
    });

    it('finds them again through a new store on the same folder', async () => {
      const bytes = randomBytes(100);
      const { key } = await new FsBlobStore(join(dir, 'blobs')).put([bytes], { contentType: 'image/png' });
      const again = await new FsBlobStore(join(dir, 'blobs')).get(key);
      expect(again!.contentType).to.equal('image/png');
      expect((await bytesOf(again)).equals(bytes)).to.equal(true);
    });
  });

  describe('when profile images were stored before blobs were content-addressed', () => {
    it('serves, ranges and deletes a pagelog-blob/1 file named by its UUID', async () => {
      const blobs = join(dir, 'blobs');
      mkdirSync(blobs, { recursive: true });
      const id = '0190f7a2-1b3c-7d4e-8f90-a1b2c3d4e5f6';
      const bytes = randomBytes(1000);
      // Byte for byte what the Buffer-based FsBlobStore wrote.
      writeFileSync(join(blobs, id), Buffer.concat([Buffer.from('pagelog-blob/1 image/png\n', 'latin1'), bytes]));
      await expectLegacyImageServed(new FsBlobStore(blobs), id, bytes);
      expect(existsSync(join(blobs, id))).to.equal(false);
    });
  });

  describe('when a crash left temp files behind', () => {
    it('removes those older than a day when a store opens the folder, and leaves writes in progress', async () => {
      const temp = join(dir, 'blobs', '.tmp');
      mkdirSync(temp, { recursive: true });
      writeFileSync(join(temp, 'stale'), 'x');
      const yesterday = new Date(Date.now() - 25 * 3600_000);
      utimesSync(join(temp, 'stale'), yesterday, yesterday);
      writeFileSync(join(temp, 'fresh'), 'x');
      const store = new FsBlobStore(join(dir, 'blobs'));
      await store.close();
      expect(readdirSync(temp)).to.deep.equal(['fresh']);
    });
  });

  describe('when a key tries to leave the folder', () => {
    it('touches nothing outside it', async () => {
      const inner = join(dir, 'store', 'blobs');
      const store = new FsBlobStore(inner);
      for (const key of unsafeBlobKeys) {
        await store.delete(key).catch(() => undefined);
        await store.putRendition(key, { width: 1 }, [Buffer.from('x')], { contentType: 'text/plain' }).catch(() => undefined);
      }
      expect(readdirSync(join(dir, 'store'))).to.deep.equal(['blobs']);
      expect(filesUnder(inner)).to.deep.equal([]);
    });
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  const leftoversIn = (pool: pg.Pool, schema: string) => async () => {
    const s = pg.escapeIdentifier(schema);
    const { rows } = await pool.query<{ n: string }>(`
      SELECT (SELECT count(*) FROM ${s}.blob_objects)
           + (SELECT count(*) FROM ${s}.blob_uploads)
           + (SELECT count(DISTINCT upload) FROM ${s}.blob_chunks c
               WHERE NOT EXISTS (SELECT 1 FROM ${s}.blob_objects o WHERE o.upload = c.upload)) AS n`);
    return Number(rows[0]!.n);
  };

  blobStoreContract('PostgreSQL', async () => {
    const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'bs' });
    const store = new PostgresBlobStore({ pool, schema });
    await store.init();
    return {
      store,
      leftovers: leftoversIn(pool, schema),
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });

  describe('PostgreSQL blob store', function () {
    this.timeout(30_000);
    let pool: pg.Pool;
    let schema: string;
    let drop: () => Promise<void>;
    beforeEach(async () => {
      ({ pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'bs' }));
    });
    afterEach(async () => {
      await drop();
    });

    describe('when several processes initialise the same schema at once', () => {
      it('creates it once and all can use it', async () => {
        const stores = [1, 2, 3].map(() => new PostgresBlobStore({ pool, schema }));
        await Promise.all(stores.map((s) => s.init()));
        const { key } = await stores[0]!.put([Buffer.from('x')], { contentType: 'text/plain' });
        expect((await stores[2]!.stat(key))!.contentType).to.equal('text/plain');
      });
    });

    describe('when a blob is larger than a chunk', () => {
      it('keeps it in rows of at most chunkSize bytes and reads ranges from the rows they cover', async () => {
        const store = new PostgresBlobStore({ pool, schema, chunkSize: 1000 });
        await store.init();
        const bytes = randomBytes(2500);
        const { key } = await store.put([bytes.subarray(0, 1), bytes.subarray(1, 1700), bytes.subarray(1700)], { contentType: 'image/png' });
        const { rows } = await pool.query<{ seq: number; n: number }>(`SELECT seq, octet_length(data) AS n FROM ${pg.escapeIdentifier(schema)}.blob_chunks ORDER BY seq`);
        expect(rows).to.deep.equal([{ seq: 0, n: 1000 }, { seq: 1, n: 1000 }, { seq: 2, n: 500 }]);
        expect((await bytesOf(await store.get(key, { range: { start: 999, end: 2000 } }))).equals(bytes.subarray(999, 2001))).to.equal(true);
      });
    });

    describe('when profile images were stored before blobs were content-addressed', () => {
      it('serves, ranges and deletes a row of the old bytea table by its UUID', async () => {
        const s = pg.escapeIdentifier(schema);
        // The table the Buffer-based PostgresBlobStore created, with one of its rows.
        await pool.query(`CREATE SCHEMA ${s}`);
        await pool.query(`CREATE TABLE ${s}.blobs (id text PRIMARY KEY, content_type text NOT NULL, bytes bytea NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
        const id = randomUUID();
        const bytes = randomBytes(1000);
        await pool.query(`INSERT INTO ${s}.blobs (id, content_type, bytes) VALUES ($1, 'image/png', $2)`, [id, bytes]);
        const store = new PostgresBlobStore({ pool, schema });
        await store.init();
        await expectLegacyImageServed(store, id, bytes);
        expect((await pool.query(`SELECT 1 FROM ${s}.blobs`)).rowCount).to.equal(0);
      });

      it('answers null for a UUID when there never was such a table', async () => {
        const store = new PostgresBlobStore({ pool, schema });
        await store.init();
        expect(await store.get(randomUUID())).to.equal(null);
        await store.delete(randomUUID());
      });
    });

    describe('when a process died in the middle of a put', () => {
      it('init() removes uploads older than a day and leaves younger ones', async () => {
        const store = new PostgresBlobStore({ pool, schema });
        await store.init();
        const s = pg.escapeIdentifier(schema);
        const [old, young] = [randomUUID(), randomUUID()];
        await pool.query(`INSERT INTO ${s}.blob_uploads (upload, started_at) VALUES ($1, now() - interval '25 hours'), ($2, now())`, [old, young]);
        await pool.query(`INSERT INTO ${s}.blob_chunks (upload, seq, data) VALUES ($1, 0, '\\x00'), ($2, 0, '\\x00')`, [old, young]);
        await new PostgresBlobStore({ pool, schema }).init();
        const { rows } = await pool.query<{ upload: string }>(`SELECT upload FROM ${s}.blob_chunks UNION ALL SELECT upload FROM ${s}.blob_uploads`);
        expect(rows.map((r) => r.upload)).to.deep.equal([young, young]);
      });
    });

    describe('when the server cannot be reached', () => {
      it('rejects calls with StoreUnavailableError (503)', async () => {
        const unreachable = unreachablePool();
        const store = new PostgresBlobStore({ pool: unreachable });
        try {
          expect(await store.get(sha256(Buffer.from('x'))).then(() => null, (e: unknown) => e)).to.be.instanceOf(StoreUnavailableError);
          expect(await store.put([Buffer.from('x')], { contentType: 'text/plain' }).then(() => null, (e: unknown) => e)).to.be.instanceOf(StoreUnavailableError);
        } finally {
          await unreachable.end();
        }
      });
    });
  });
}

// No S3 server ran where this adapter was written: these run only against one named here.
const s3Url = process.env.TEST_S3_URL;

if (s3Url) {
  blobStoreContract('S3', async () => {
    const { client, bucket, prefix: base } = s3OptionsFromUrl(s3Url);
    const prefix = `${base}test-${randomUUID()}/`;
    const store = new S3BlobStore({ client, bucket, prefix });
    await store.init();
    const names = async () => {
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        found.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    };
    return {
      store,
      leftovers: async () => (await names()).length,
      cleanup: async () => {
        const all = await names();
        for (let i = 0; i < all.length; i += 1000) {
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.slice(i, i + 1000).map((Key) => ({ Key })) } }));
        }
        await store.close();
        client.destroy();
      },
    };
  });
}
