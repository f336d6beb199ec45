import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import { MongoReadModelStore } from './mongodb-read-model-store';
import { readModelStoreContract } from './read-model-store.contract';

/**
 * Runs only when TEST_MONGODB_URL is set. The server must be a replica set (one member will do,
 * e.g. mongodb://127.0.0.1:27017/?replicaSet=rs0&directConnection=true): commits are transactions.
 * Each store gets a new database, dropped again by its cleanup.
 */
const mongoUrl = process.env.TEST_MONGODB_URL;

if (mongoUrl) {
  describe('MongoDB read-model store', () => {
    let client: MongoClient;

    before(async () => {
      client = new MongoClient(mongoUrl);
      await client.connect();
    });

    after(async () => {
      await client.close();
    });

    /** A store on a database of its own. */
    const openMongo = async (dbName = `pagelog_t_${randomBytes(6).toString('hex')}`) => {
      const store = new MongoReadModelStore({ client, dbName });
      await store.init();
      return {
        store,
        dbName,
        cleanup: async () => {
          await store.close();
          await client.db(dbName).dropDatabase();
        },
      };
    };

    readModelStoreContract('MongoDB', () => openMongo());

    describe('when another process commits', () => {
      it('wakes a waiter through the change stream on checkpoints, long before its poll', async () => {
        const writer = await openMongo();
        const otherClient = new MongoClient(mongoUrl);
        const reader = new MongoReadModelStore({ client: otherClient, dbName: writer.dbName, pollIntervalMs: 60_000 });
        try {
          const waiting = reader.waitForCheckpoints(['page-overview'], 5, 10_000);
          // Let the change stream's cursor open before committing.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await writer.store.commit('page-overview', 5, async (uow) => uow.put('pages', 'p', { ok: true }));
          // Polled once a minute, waiting 10 s at most: true can only come from the change stream.
          expect(await waiting).to.equal(true);
          expect(await reader.get('pages', 'p')).to.deep.equal({ ok: true });
        } finally {
          await reader.close();
          await otherClient.close();
          await writer.cleanup();
        }
      });
    });

    describe('when two stores initialise the same database at once', () => {
      it('creates it once and both can use it', async () => {
        const dbName = `pagelog_t_${randomBytes(6).toString('hex')}`;
        const first = new MongoReadModelStore({ client, dbName });
        const second = new MongoReadModelStore({ client, dbName });
        try {
          await Promise.all([first.init(), second.init(), first.init()]);
          await first.commit('page-overview', 1, async (uow) => uow.put('pages', 'p', { n: 1 }));
          expect(await second.get('pages', 'p')).to.deep.equal({ n: 1 });
        } finally {
          await first.close();
          await second.close();
          await client.db(dbName).dropDatabase();
        }
      });
    });
  });

  describe('MongoDB read-model store, when the server cannot be reached', () => {
    it('rejects reads and commits with StoreUnavailableError (503)', async () => {
      const unreachable = new MongoClient('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=1000');
      const store = new MongoReadModelStore({ client: unreachable, dbName: 'pagelog_unreachable' });
      try {
        for (const call of [
          () => store.init(),
          () => store.get('pages', 'p'),
          () => store.find('pages', { where: { status: 'published' } }),
          () => store.commit('page-overview', 1, async (uow) => uow.put('pages', 'p', { ok: true })),
        ]) {
          const error = await call().then(() => null, (e: unknown) => e);
          expect(error).to.be.instanceOf(StoreUnavailableError);
          expect((error as StoreUnavailableError).status).to.equal(503);
        }
      } finally {
        await store.close();
        await unreachable.close();
      }
    });
  });
}
