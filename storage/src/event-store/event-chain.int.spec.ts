import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { freshSchema } from '../postgres/fresh-schema';
import { openDatabase, type SqliteDatabase } from '../sqlite/open-database';
import { chainHash, GENESIS_HASH, verifyChain, type ChainedEvent } from './event-chain';
import { event } from './event-store.contract';
import type { EventStore } from './event-store';
import { PostgresEventStore } from './postgres-event-store';
import { SqliteEventStore } from './sqlite-event-store';

/** A store with its raw SQL, to alter what it stored behind its back as an intruder would. */
interface Opened {
  store: EventStore & { readChain: NonNullable<EventStore['readChain']> };
  sql: (statement: string) => Promise<void>;
  /** Opens the same log again (a restart), as a store that never knew of the chain would have left it or not. */
  reopen: () => Promise<EventStore & { readChain: NonNullable<EventStore['readChain']> }>;
  cleanup: () => Promise<void>;
}

const verify = (store: Opened['store']) => verifyChain((after, limit) => store.readChain({ after, limit }), { batch: 3 });

async function fill(store: EventStore): Promise<void> {
  await store.append('page-a', [event({ n: 1 }), event({ n: 2, text: 'Één café, "quoted"\nline' })], 0);
  await store.append('page-b', [event({ n: 3 })], 0);
  await store.append('page-a', [event({ n: 4 }), event({ n: 5 }), event({ n: 6 })], 2);
  await store.append('page-c', [event({ n: 7 })], 'any');
}

function chainSuite(name: string, open: () => Promise<Opened>): void {
  describe(`the event log's hash chain: ${name}`, function () {
    this.timeout(30_000);
    let opened: Opened;
    beforeEach(async () => {
      opened = await open();
      await fill(opened.store);
    });
    afterEach(async () => {
      await opened.cleanup();
    });

    it('links every event to the one before, from the genesis hash, as an auditor can recompute with SHA-256 alone', async () => {
      const events = await opened.store.readChain({ after: 0, limit: 100 });
      expect(events.map((e) => e.position)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
      let previous = GENESIS_HASH;
      for (const e of events) {
        expect(e.hash).to.match(/^[0-9a-f]{64}$/);
        expect(chainHash(previous, e)).to.equal(e.hash);
        previous = e.hash;
      }
      const verdict = await verify(opened.store);
      expect(verdict).to.deep.equal({ intact: true, checked: 7, head: { position: 7, hash: previous } });
    });

    it('names an event whose data was altered', async () => {
      await opened.sql(`UPDATE es_events SET data = '{"n":40}' WHERE position = 4`);
      expect(await verify(opened.store)).to.deep.include({ intact: false, position: 4, reason: 'altered' });
    });

    it('names an altered hash, and the event after one whose hash was recomputed to match its new content', async () => {
      await opened.sql(`UPDATE es_events SET hash = '${'f'.repeat(64)}' WHERE position = 6`);
      expect(await verify(opened.store)).to.deep.include({ intact: false, position: 6, reason: 'altered' });
      // Put back: the chain is whole again.
      const [fifth, sixth] = await opened.store.readChain({ after: 4, limit: 2 });
      await opened.sql(`UPDATE es_events SET hash = '${chainHash(fifth!.hash, sixth!)}' WHERE position = 6`);
      expect(await verify(opened.store)).to.deep.include({ intact: true });
      // An intruder who changes event 3 and gives it the hash its new content has breaks the link of event 4.
      const [third] = await opened.store.readChain({ after: 2, limit: 1 });
      const [second] = await opened.store.readChain({ after: 1, limit: 1 });
      const forged = { ...third!, data: '{"n":30}' };
      await opened.sql(`UPDATE es_events SET data = '${forged.data}', hash = '${chainHash(second!.hash, forged)}' WHERE position = 3`);
      expect(await verify(opened.store)).to.deep.include({ intact: false, position: 4, reason: 'altered' });
    });

    it('names the place of a removed event', async () => {
      await opened.sql('DELETE FROM es_events WHERE position = 3');
      expect(await verify(opened.store)).to.deep.include({ intact: false, position: 3, reason: 'missing' });
    });

    it('names the first of two events that were swapped', async () => {
      await opened.sql(`UPDATE es_events SET data = CASE position WHEN 5 THEN (SELECT data FROM es_events WHERE position = 6) ELSE (SELECT data FROM es_events WHERE position = 5) END WHERE position IN (5, 6)`);
      expect(await verify(opened.store)).to.deep.include({ intact: false, position: 5, reason: 'altered' });
    });

    it('chains an event an older Pagelog appended without a hash before the next append, never starting again from zero', async () => {
      // What an older process on the same log leaves: its last event without a hash.
      await opened.sql('UPDATE es_events SET hash = NULL WHERE position = 7');
      await opened.store.append('page-e', [event({ n: 8 })], 0);
      expect(await verify(opened.store)).to.deep.include({ intact: true, checked: 8 });
    });

    it('chains a log written before the chain existed when it is opened, and goes on from it', async () => {
      const before = await opened.store.readChain({ after: 0, limit: 100 });
      await opened.sql('UPDATE es_events SET hash = NULL');
      const store = await opened.reopen();
      expect((await store.readChain({ after: 0, limit: 100 })).map((e) => e.hash)).to.deep.equal(before.map((e) => e.hash));
      await store.append('page-d', [event({ n: 8 })], 0);
      expect(await verify(store)).to.deep.include({ intact: true, checked: 8 });
    });
  });
}

chainSuite('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-chain-'));
  const file = join(dir, 'pagelog.db');
  const dbs: SqliteDatabase[] = [openDatabase(file)];
  const store = new SqliteEventStore(dbs[0]!);
  return {
    store,
    sql: async (statement) => void dbs[0]!.exec(statement),
    reopen: async () => {
      const db = openDatabase(file);
      dbs.push(db);
      return new SqliteEventStore(db);
    },
    cleanup: async () => {
      await store.close();
      for (const db of dbs) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl) {
  chainSuite('PostgreSQL', async () => {
    const { pool, schema, drop } = await freshSchema(postgresUrl, { prefix: 'chain' });
    const store = new PostgresEventStore({ pool, schema });
    await store.init();
    return {
      store,
      sql: async (statement) => void (await pool.query(`SET search_path TO "${schema}"; ${statement}`)),
      reopen: async () => {
        const again = new PostgresEventStore({ pool, schema });
        await again.init();
        return again;
      },
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });
}

describe('verifying the hash chain', () => {
  const chain = (n: number): ChainedEvent[] => {
    let previous = GENESIS_HASH;
    return Array.from({ length: n }, (_, i) => {
      const e = { position: i + 1, id: `e${i + 1}`, stream: 's', revision: i + 1, type: 'T', data: `{"i":${i}}`, metadata: '{}' };
      previous = chainHash(previous, e);
      return { ...e, hash: previous };
    });
  };
  const reader = (events: ChainedEvent[]) => async (after: number, limit: number) => events.filter((e) => e.position > after).slice(0, limit);

  it('reads the log batch by batch and says how far it got', async () => {
    const seen: number[] = [];
    const verdict = await verifyChain(reader(chain(10)), { batch: 4, onProgress: (n) => seen.push(n) });
    expect(verdict).to.deep.include({ intact: true, checked: 10 });
    expect(seen).to.deep.equal([4, 8, 10]);
  });

  it('calls an empty log intact, with no head', async () => {
    expect(await verifyChain(reader([]))).to.deep.equal({ intact: true, checked: 0, head: null });
  });

  it('tells a log whose positions do not follow each other', async () => {
    const events = chain(4);
    const swapped = [events[0]!, events[2]!, events[1]!, events[3]!];
    expect(await verifyChain(async (after) => (after === 0 ? swapped : []), { batch: 10 })).to.deep.include({ intact: false, reason: 'missing', position: 2 });
  });
});
