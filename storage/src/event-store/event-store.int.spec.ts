import { freshSchema } from '../postgres/fresh-schema';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import pg from 'pg';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { openDatabase } from '../sqlite/open-database';
import { event, eventStoreContract, waitFor } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';
import { SqliteEventStore } from './sqlite-event-store';
import { unreachablePool } from '../postgres/unreachable-pool';
import { inFreshSchema, onSqliteFile } from '../test-fixtures';

eventStoreContract('SQLite', onSqliteFile('es', (db) => new SqliteEventStore(db)));

describe('SQLite event store', () => {
  describe('when another connection to the same file appends', () => {
    it('wakes a subscriber within about a poll interval', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pagelog-es-'));
      const file = join(dir, 'pagelog.db');
      const [readerDb, writerDb] = [openDatabase(file), openDatabase(file)];
      const reader = new SqliteEventStore(readerDb);
      const writer = new SqliteEventStore(writerDb);
      try {
        const heard: number[] = [];
        const unsubscribe = reader.subscribe((position) => heard.push(position));
        const result = await writer.append('page-elsewhere', [event(), event()], 0);
        await waitFor(() => heard.includes(result.position), 2000);
        unsubscribe();
      } finally {
        await reader.close();
        await writer.close();
        readerDb.close();
        writerDb.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (postgresUrl) {
  eventStoreContract('PostgreSQL', inFreshSchema(postgresUrl, 'es', (options) => new PostgresEventStore(options)));

  describe('PostgreSQL event store', () => {
    describe('when many writers commit late and out of order while a follower reads', () => {
      it('lets the follower see every event exactly once, at positions 1..N in order', async function () {
        this.timeout(20_000);
        const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'es', max: 24 });
        const store = new PostgresEventStore({
          pool,
          schema,
          beforeCommit: () => sleep(Math.floor(Math.random() * 16)),
        });
        try {
          await store.init();
          const writers = 16;
          const eventsPerWriter = 25;
          const shared = ['settings', 'menu-main', 'menu-footer'];
          const appended: RecordedEvent[] = [];

          const write = async (writer: number) => {
            const own = `page-writer-${writer}`;
            let ownRevision = 0;
            let left = eventsPerWriter;
            while (left > 0) {
              const size = Math.min(left, 1 + Math.floor(Math.random() * 3));
              const events = Array.from({ length: size }, () => event({ writer }));
              const toShared = Math.random() < 0.5;
              const result = toShared
                ? await store.append(shared[Math.floor(Math.random() * shared.length)], events, 'any')
                : await store.append(own, events, ownRevision);
              if (!toShared) ownRevision = result.revision;
              appended.push(...result.events);
              left -= size;
            }
          };

          let writing = true;
          const seen: RecordedEvent[] = [];
          let readsWhileWriting = 0;
          const follow = async () => {
            let checkpoint = 0;
            for (;;) {
              const stillWriting = writing;
              const batch = await store.readAll({ after: checkpoint, limit: 7 });
              if (batch.length > 0) {
                if (stillWriting) readsWhileWriting++;
                seen.push(...batch);
                checkpoint = batch[batch.length - 1].position;
              } else if (!stillWriting) {
                return;
              } else {
                await sleep(1);
              }
            }
          };

          const follower = follow();
          await Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
          writing = false;
          await follower;

          const total = writers * eventsPerWriter;
          expect(appended).to.have.length(total);
          expect(readsWhileWriting).to.be.greaterThan(1);
          expect(seen.map((e) => e.position)).to.deep.equal(Array.from({ length: total }, (_, i) => i + 1));
          expect(new Set(seen.map((e) => e.id)).size).to.equal(total);
          expect([...seen.map((e) => e.id)].sort()).to.deep.equal(appended.map((e) => e.id).sort());
          expect(await store.headPosition()).to.equal(total);
        } finally {
          await store.close();
          await drop();
        }
      });
    });

    describe('when two processes initialise the same schema at once', () => {
      it('creates it once and both can use it', async () => {
        const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'es' });
        const first = new PostgresEventStore({ pool, schema });
        const second = new PostgresEventStore({ pool, schema });
        try {
          await Promise.all([first.init(), second.init(), first.init()]);
          await first.append('page-init', [event()], 0);
          expect(await second.streamRevision('page-init')).to.equal(1);
        } finally {
          await drop();
        }
      });
    });

    describe('when another process appends', () => {
      let setup: Awaited<ReturnType<typeof freshSchema>>;
      let otherPool: pg.Pool;
      let writer: PostgresEventStore;
      let reader: PostgresEventStore;

      beforeEach(async () => {
        setup = await freshSchema(postgresUrl, { prefix: 'es' });
        writer = new PostgresEventStore({ pool: setup.pool, schema: setup.schema });
        await writer.init();
        otherPool = new pg.Pool({ connectionString: postgresUrl, application_name: `listen-${setup.schema}` });
        otherPool.on('error', () => {});
        reader = new PostgresEventStore({ pool: otherPool, schema: setup.schema });
      });

      afterEach(async () => {
        await reader.close();
        await writer.close();
        await otherPool.end();
        await setup.drop();
      });

      it('wakes a subscriber of another store instance through LISTEN', async () => {
        const heard: number[] = [];
        const unsubscribe = reader.subscribe((position) => heard.push(position));
        // The first call says where the log stood once LISTEN was in place.
        await waitFor(() => heard.length > 0, 3000);
        const result = await writer.append('page-listen', [event(), event()], 0);
        await waitFor(() => heard.includes(result.position), 3000);
        unsubscribe();
      });

      it('keeps waking the subscriber after its LISTEN connection was cut', async () => {
        const heard: number[] = [];
        const unsubscribe = reader.subscribe((position) => heard.push(position));
        await waitFor(() => heard.length > 0, 3000);

        const killed = await setup.pool.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE application_name = $1 AND query ILIKE 'LISTEN%'`,
          [`listen-${setup.schema}`],
        );
        expect(killed.rowCount).to.equal(1);
        const callsBefore = heard.length;
        // Reconnected: it reports the head again.
        await waitFor(() => heard.length > callsBefore, 5000);

        const result = await writer.append('page-listen', [event()], 0);
        await waitFor(() => heard.includes(result.position), 3000);
        unsubscribe();
      });
    });

    describe('when the server cannot be reached', () => {
      it('rejects appends and reads with StoreUnavailableError (503)', async () => {
        const pool = unreachablePool();
        const store = new PostgresEventStore({ pool });
        try {
          for (const call of [
            () => store.append('page-x', [event()], 0),
            () => store.readAll(),
            () => store.readStream('page-x'),
          ]) {
            const error = await call().then(() => null, (e: unknown) => e);
            expect(error).to.be.instanceOf(StoreUnavailableError);
            expect((error as StoreUnavailableError).status).to.equal(503);
          }
        } finally {
          await store.close();
          await pool.end();
        }
      });
    });
  });
}


