import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { event, eventStoreContract, waitFor } from './event-store.contract';
import { KurrentDbEventStore } from './kurrentdb-event-store';

/**
 * Runs only when TEST_KURRENTDB_URL is set, e.g. kurrentdb://127.0.0.1:2113?tls=false for an
 * insecure dev node. Each store gets a stream prefix of its own; the streams stay in the database
 * (KurrentDB streams are cheap, and no other test reads outside its prefix).
 */
const kurrentUrl = process.env.TEST_KURRENTDB_URL;

if (kurrentUrl) {
  const freshPrefix = () => `t${randomBytes(6).toString('hex')}-`;

  describe('KurrentDB event store', () => {
    let client: KurrentDBClient;

    before(() => {
      client = KurrentDBClient.connectionString(kurrentUrl);
    });

    after(async () => {
      await client.dispose();
    });

    // Positions are KurrentDB commit positions (increasing in commit order, not 1..N), and the
    // server has no index of event ids across streams (see storage/README.md).
    eventStoreContract(
      'KurrentDB',
      async () => {
        const store = new KurrentDbEventStore({ client, streamPrefix: freshPrefix() });
        return { store, cleanup: () => store.close() };
      },
      { densePositions: false, eventIdsUniqueAcrossStreams: false },
    );

    describe('when appends to several streams are read back from the global log', () => {
      it('gives every event a distinct position, increasing in commit order, and pages by `after`', async () => {
        const store = new KurrentDbEventStore({ client, streamPrefix: freshPrefix() });
        try {
          const appended: RecordedEvent[] = [];
          appended.push(...(await store.append('page-a', [event(), event(), event()], 0)).events);
          appended.push(...(await store.append('page-b', [event()], 0)).events);
          appended.push(...(await store.append('page-a', [event(), event()], 3)).events);

          const positions = appended.map((e) => e.position);
          for (let i = 1; i < positions.length; i++) expect(positions[i]).to.be.greaterThan(positions[i - 1]);

          const seen: RecordedEvent[] = [];
          let after = 0;
          for (;;) {
            const batch = await store.readAll({ after, limit: 2 });
            if (batch.length === 0) break;
            seen.push(...batch);
            after = batch[batch.length - 1].position;
          }
          expect(seen.map((e) => e.id)).to.deep.equal(appended.map((e) => e.id));
          expect(seen.map((e) => e.position)).to.deep.equal(positions);
          expect(await store.headPosition()).to.equal(positions[positions.length - 1]);
          const fromStream = await store.readStream('page-a');
          expect(fromStream.map((e) => e.position)).to.deep.equal([0, 1, 2, 4, 5].map((i) => positions[i]));
        } finally {
          await store.close();
        }
      });
    });

    describe('when two stores with different prefixes share the database', () => {
      it('shows each only its own streams in the global log and head position', async () => {
        const mine = new KurrentDbEventStore({ client, streamPrefix: freshPrefix() });
        const theirs = new KurrentDbEventStore({ client, streamPrefix: freshPrefix() });
        try {
          const own = await mine.append('page-x', [event()], 0);
          await theirs.append('page-x', [event(), event()], 0);

          expect((await mine.readAll()).map((e) => e.id)).to.deep.equal(own.events.map((e) => e.id));
          expect(await mine.headPosition()).to.equal(own.position);
          expect(await mine.streamRevision('page-x')).to.equal(1);
          expect(await theirs.streamRevision('page-x')).to.equal(2);
        } finally {
          await mine.close();
          await theirs.close();
        }
      });
    });

    describe('when another client appends', () => {
      it('wakes a subscriber through its $all subscription', async () => {
        const prefix = freshPrefix();
        const otherClient = KurrentDBClient.connectionString(kurrentUrl);
        const reader = new KurrentDbEventStore({ client, streamPrefix: prefix });
        const writer = new KurrentDbEventStore({ client: otherClient, streamPrefix: prefix });
        try {
          const heard: number[] = [];
          const unsubscribe = reader.subscribe((position) => heard.push(position));
          // Once the subscription is confirmed it reports the head (0 for a new prefix).
          await waitFor(() => heard.length > 0, 5000);
          const result = await writer.append('page-sub', [event(), event()], 0);
          await waitFor(() => heard.some((p) => p >= result.position), 5000);
          unsubscribe();
        } finally {
          await reader.close();
          await writer.close();
          await otherClient.dispose();
        }
      });
    });
  });

  describe('KurrentDB event store, when the server cannot be reached', () => {
    it('rejects appends and reads with StoreUnavailableError (503)', async () => {
      const unreachable = KurrentDBClient.connectionString('kurrentdb://127.0.0.1:1?tls=false&defaultDeadline=3000');
      const store = new KurrentDbEventStore({ client: unreachable, streamPrefix: freshPrefix() });
      try {
        for (const call of [
          () => store.append('page-x', [event()], 0),
          () => store.readAll(),
          () => store.readStream('page-x'),
          () => store.headPosition(),
        ]) {
          const error = await call().then(() => null, (e: unknown) => e);
          expect(error).to.be.instanceOf(StoreUnavailableError);
          expect((error as StoreUnavailableError).status).to.equal(503);
        }
      } finally {
        await store.close();
        await unreachable.dispose();
      }
    });
  });
}


