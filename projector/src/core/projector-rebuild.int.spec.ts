import { expect } from 'chai';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import type { Projection } from './projection';
import { Projector } from './projector';
import { openTestLog, type TestLog } from './test-log';

let seq = 0;
const ticked = (data: Record<string, unknown> = {}): NewEvent => ({
  id: `00000000-0000-7000-9000-${String(++seq).padStart(12, '0')}`,
  type: 'Ticked',
  data,
  metadata: { actorId: 'system', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

/**
 * Counts Ticked events per stream and remembers their positions (so an event applied twice, or
 * skipped, shows); throws on a poisoned tick while `control.failing`.
 */
function counter(name: string, control = { failing: false }): Projection {
  const collection = `${name}_counts`;
  return {
    name,
    version: 1,
    collections: [{ name: collection, indexes: ['n'] }],
    handles: ['Ticked'],
    async apply(e, uow) {
      if ((e.data as { poison?: boolean }).poison && control.failing) throw new Error('cannot handle this tick');
      const doc = await uow.get<{ n: number; seen: number[] }>(collection, e.stream);
      uow.put(collection, e.stream, { n: (doc?.n ?? 0) + 1, seen: [...(doc?.seen ?? []), e.position] });
    },
  };
}

const positions = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('rebuilding a projection beside its live read models', () => {
  let log: TestLog;
  let db: SqliteDatabase;
  let events: SqliteEventStore;
  let readModels: SqliteReadModelStore;
  const projectors: Projector[] = [];

  beforeEach(() => {
    log = openTestLog('rebuild');
    ({ db, events, readModels } = log);
  });
  afterEach(async () => {
    await Promise.all(projectors.splice(0).map((p) => p.stop()));
    await log.close();
  });

  function projector(options: { store?: ReadModelStore; projections?: Projection[]; rebuildBatchSize?: number } = {}): Projector {
    const p = new Projector({ eventStore: events, readModels: options.store ?? readModels, projections: options.projections ?? [counter('a')], rebuildBatchSize: options.rebuildBatchSize });
    projectors.push(p);
    return p;
  }

  async function tick(stream: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) await events.append(stream, [ticked()], 'any');
  }

  it('serves the old read models, whole, until the rebuilt ones are swapped in', async () => {
    await tick('s-1', 30);
    const p = projector({ rebuildBatchSize: 4 });
    await p.catchUp();
    const before = await readModels.get('a_counts', 's-1');
    const during: unknown[] = [];
    await p.rebuild('a', () => {
      // Between two batches of the replay: readers still see the complete old state.
      during.push(readModels.get('a_counts', 's-1'), readModels.count('a_counts', { where: { n: 30 } }));
    });
    const seen = await Promise.all(during);
    expect(seen.length).to.be.greaterThan(10);
    for (let i = 0; i < seen.length; i += 2) expect([seen[i], seen[i + 1]]).to.deep.equal([before, 1]);
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal({ n: 30, seen: positions(30) });
    expect(await readModels.getCheckpoint('a')).to.deep.include({ position: 30, error: null });
    expect((await readModels.getCheckpoints()).map((c) => c.name)).to.deep.equal(['a']);
  });

  it('takes in what was appended during the rebuild, and the live runner goes on from there', async () => {
    await tick('s-1', 10);
    const p = projector({ rebuildBatchSize: 3 });
    await p.start();
    let appended = 0;
    await p.rebuild('a', () => {
      if (appended++ < 5) void events.append('s-1', [ticked()], 'any');
    });
    await tick('s-1', 2);
    const head = await events.headPosition();
    expect(await readModels.waitForCheckpoints(['a'], head, 2000)).to.equal(true);
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal({ n: head, seen: positions(head) });
  });

  it('is swapped in under a live runner of another process, which goes on from the swapped position without applying anything twice', async () => {
    await tick('s-1', 20);
    const otherStore = new SqliteReadModelStore(db);
    try {
      const server = projector({ store: otherStore });
      await server.start();
      const cli = projector({ rebuildBatchSize: 5 });
      let appended = 0;
      await cli.rebuild('a', () => {
        if (appended++ < 8) void events.append(`s-${appended % 2}`, [ticked()], 'any');
      });
      await tick('s-0', 3);
      const head = await events.headPosition();
      expect(await readModels.waitForCheckpoints(['a'], head, 2000)).to.equal(true);
      const docs = await readModels.getMany<{ seen: number[] }>('a_counts', ['s-0', 's-1']);
      expect([...docs.values()].flatMap((d) => d.seen).sort((x, y) => x - y)).to.deep.equal(positions(head));
    } finally {
      await otherStore.close();
    }
  });

  it('clears what an interrupted rebuild left behind, and never shows it', async () => {
    await tick('s-1', 5);
    const p = projector();
    await p.catchUp();
    // A crashed rebuild: a shadow document and a shadow checkpoint beyond the head.
    await readModels.commit('a~rebuild', 1000, async (uow) => uow.put('a_counts~rebuild', 'ghost', { n: 99, seen: [] }));
    await p.rebuild('a');
    expect(await readModels.get('a_counts', 'ghost')).to.equal(null);
    expect(await readModels.count('a_counts~rebuild')).to.equal(0);
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal({ n: 5, seen: positions(5) });
    expect(await readModels.getCheckpoint('a')).to.deep.include({ position: 5 });
  });

  it('leaves the live read models as they were when a handler throws during the rebuild', async () => {
    const control = { failing: false };
    await tick('s-1', 3);
    await events.append('s-1', [ticked({ poison: true })], 'any');
    const p = projector({ projections: [counter('a', control)] });
    await p.catchUp();
    const before = await readModels.get('a_counts', 's-1');
    control.failing = true;
    const error = await p.rebuild('a').then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('cannot handle this tick');
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal(before);
    expect(await readModels.getCheckpoint('a')).to.deep.include({ position: 4, error: null });
  });

  it('gives up with a message saying why when the live checkpoint stays ahead, changing nothing', async () => {
    await tick('s-1', 3);
    // A store on which every swap finds the live checkpoint ahead of the rebuild.
    const outrun = new Proxy(readModels, {
      get: (target, prop, receiver) => (prop === 'swap' ? async () => false : Reflect.get(target, prop, receiver)),
    });
    const p = projector({ store: outrun });
    await p.catchUp();
    const error = await p.rebuild('a').then(() => null, (e: Error) => e);
    expect(error?.message).to.match(/^rebuilt a could not be swapped in: its live checkpoint was ahead of the rebuild on each of 20 tries/);
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal({ n: 3, seen: positions(3) });
  });
});
