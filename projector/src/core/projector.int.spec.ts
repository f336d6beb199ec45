import { expect } from 'chai';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import type { Projection } from './projection';
import { Projector } from './projector';
import { openTestLog, type TestLog } from './test-log';

let seq = 0;
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: `00000000-0000-7000-8000-${String(++seq).padStart(12, '0')}`,
  type,
  data,
  metadata: { actorId: 'system', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

/** Counts Ticked events per stream; throws on a Ticked event whose data says so, while `failing` holds. */
function counter(name: string, control: { failing: boolean }, version = 1): Projection {
  return {
    name,
    version,
    collections: [{ name: `${name}_counts`, indexes: [] }],
    handles: ['Ticked'],
    async apply(e, uow) {
      if ((e.data as { poison?: boolean }).poison && control.failing) throw new Error('cannot handle this tick');
      const doc = await uow.get<{ n: number; seen: number[] }>(`${name}_counts`, e.stream);
      uow.put(`${name}_counts`, e.stream, { n: (doc?.n ?? 0) + 1, seen: [...(doc?.seen ?? []), e.position] });
    },
  };
}

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached in time');
}

describe('the projector', () => {
  let log: TestLog;
  let db: SqliteDatabase;
  let events: SqliteEventStore;
  let readModels: SqliteReadModelStore;
  let projector: Projector | null;

  beforeEach(() => {
    log = openTestLog('projector');
    ({ db, events, readModels } = log);
    projector = null;
  });
  afterEach(async () => {
    await projector?.stop();
    await log.close();
  });

  it('sleeps when caught up and wakes on the store\'s notification, without polling', async () => {
    // The store's subscription is captured, so only the test decides when the projector hears of an append.
    const heard: ((position: number) => void)[] = [];
    const quiet = new Proxy(events, {
      get: (target, prop, receiver) =>
        prop === 'subscribe'
          ? (listener: (position: number) => void) => {
              heard.push(listener);
              return () => {};
            }
          : Reflect.get(target, prop, receiver),
    });
    projector = new Projector({ eventStore: quiet, readModels, projections: [counter('a', { failing: false })] });
    await projector.start();
    const appended = await events.append('s-1', [event('Ticked', {})], 0);
    expect(await readModels.waitForCheckpoints(['a'], appended.position, 300)).to.equal(false);
    for (const listener of heard) listener(appended.position);
    expect(await readModels.waitForCheckpoints(['a'], appended.position, 2000)).to.equal(true);
    expect(await readModels.get('a_counts', 's-1')).to.deep.include({ n: 1 });
  });

  it('handles batches larger than one read and advances past events it does not handle', async () => {
    const control = { failing: false };
    projector = new Projector({ eventStore: events, readModels, projections: [counter('a', control)], batchSize: 7 });
    for (let i = 0; i < 5; i++) {
      await events.append(`s-${i}`, Array.from({ length: 10 }, (_, k) => event(k % 2 ? 'Ticked' : 'Other', {})), 0);
    }
    await projector.catchUp();
    const head = await events.headPosition();
    expect((await readModels.getCheckpoint('a')).position).to.equal(head);
    for (let i = 0; i < 5; i++) expect(await readModels.get('a_counts', `s-${i}`)).to.deep.include({ n: 5 });
  });

  it('stops a failing projection at the failing event, shows the error, lets the others go on, and recovers without skipping', async () => {
    const control = { failing: true };
    projector = new Projector({
      eventStore: events,
      readModels,
      projections: [counter('broken', control), counter('healthy', { failing: false })],
      backoffMs: 20,
      maxBackoffMs: 50,
    });
    await events.append('s-1', [event('Ticked', {}), event('Ticked', {})], 0);
    const poisoned = await events.append('s-1', [event('Ticked', { poison: true })], 2);
    const after = await events.append('s-1', [event('Ticked', {})], 3);
    await projector.start();

    expect(await readModels.waitForCheckpoints(['healthy'], after.position, 2000)).to.equal(true);
    await until(async () => (await readModels.getCheckpoint('broken')).error !== null);
    const stopped = await readModels.getCheckpoint('broken');
    expect(stopped.position).to.equal(poisoned.position - 1);
    expect(stopped.error).to.include({ position: poisoned.position, eventType: 'Ticked', message: 'cannot handle this tick' });
    expect(await readModels.get('broken_counts', 's-1')).to.deep.include({ n: 2 });

    // Still stopped after several retries: it never skips the event.
    await until(async () => ((await readModels.getCheckpoint('broken')).error?.attempts ?? 0) >= 3);
    expect((await readModels.getCheckpoint('broken')).position).to.equal(poisoned.position - 1);

    control.failing = false;
    expect(await readModels.waitForCheckpoints(['broken'], after.position, 3000)).to.equal(true);
    const recovered = await readModels.getCheckpoint('broken');
    expect(recovered.error).to.equal(null);
    expect(await readModels.get('broken_counts', 's-1')).to.deep.equal({ n: 4, seen: [1, 2, 3, 4] });
  });

  it('stops cleanly however soon after starting, even in the middle of a batch', async () => {
    for (let i = 0; i < 20; i++) {
      // Half the rounds start with nothing to do, half with a new event to project.
      if (i % 2) await events.append(`s-${i}`, [event('Ticked', {})], 0);
      const p = new Projector({ eventStore: events, readModels, projections: [counter('a', { failing: false }), counter('b', { failing: false })] });
      await p.start();
      if (i % 4 > 1) await new Promise((r) => setImmediate(r));
      await p.stop(); // a hang here fails the test by mocha's timeout
    }
  });

  it('stops at once while a failing projection waits to retry', async () => {
    projector = new Projector({ eventStore: events, readModels, projections: [counter('broken', { failing: true })], backoffMs: 60_000 });
    await events.append('s-1', [event('Ticked', { poison: true })], 0);
    await projector.start();
    await until(async () => (await readModels.getCheckpoint('broken')).error !== null);
    // The back-off is a minute: stop() has to end it rather than wait for it (mocha's timeout would fail this).
    await projector.stop();
    projector = null;
  });

  it('rebuilds a projection from scratch to the same state', async () => {
    const control = { failing: false };
    projector = new Projector({ eventStore: events, readModels, projections: [counter('a', control)] });
    await events.append('s-1', [event('Ticked', {}), event('Ticked', {}), event('Ticked', {})], 0);
    await projector.catchUp();
    const before = await readModels.get('a_counts', 's-1');
    const progress: number[] = [];
    await projector.rebuild('a', (position) => progress.push(position));
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal(before);
    expect(progress[progress.length - 1]).to.equal(3);
  });

  it('pauses a live projection while it is rebuilt and lets it go on afterwards', async () => {
    projector = new Projector({ eventStore: events, readModels, projections: [counter('a', { failing: false }), counter('b', { failing: false })], rebuildBatchSize: 2 });
    await projector.start();
    await events.append('s-1', [event('Ticked', {}), event('Ticked', {}), event('Ticked', {})], 0);
    await projector.rebuild(['a', 'b']);
    for (const name of ['a', 'b']) expect(await readModels.get(`${name}_counts`, 's-1')).to.deep.equal({ n: 3, seen: [1, 2, 3] });
    const later = await events.append('s-1', [event('Ticked', {})], 3);
    expect(await readModels.waitForCheckpoints(['a', 'b'], later.position, 2000)).to.equal(true);
    expect(await readModels.get('a_counts', 's-1')).to.deep.equal({ n: 4, seen: [1, 2, 3, 4] });
  });

  it('never applies an event twice when two projectors (two processes, say) run the same projection', async () => {
    const other = new SqliteReadModelStore(db);
    const first = new Projector({ eventStore: events, readModels, projections: [counter('a', { failing: false })], batchSize: 3 });
    const second = new Projector({ eventStore: events, readModels: other, projections: [counter('a', { failing: false })], batchSize: 2 });
    for (let i = 0; i < 10; i++) await events.append(`s-${i % 3}`, [event('Ticked', {}), event('Ticked', {})], 'any');
    await Promise.all([first.catchUp(), second.catchUp(), first.catchUp(), second.catchUp()]);
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(...(await readModels.get<{ seen: number[] }>('a_counts', `s-${i}`))!.seen);
    expect(seen.sort((x, y) => x - y)).to.deep.equal(Array.from({ length: 20 }, (_, k) => k + 1));
    await other.close();
  });

  it('rebuilds at start a projection whose read models an older version of it wrote, and only that one', async () => {
    await events.append('a', [event('Ticked', {}), event('Ticked', {})], 'any');
    const first = new Projector({ eventStore: events, readModels, projections: [counter('old', { failing: false }), counter('same', { failing: false })] });
    await first.catchUp();
    // Damage both read models, as a different version of a projection's code would have written them.
    await readModels.commit('old', 2, async (uow) => uow.put('old_counts', 'a', { n: 99, seen: [] }));
    await readModels.commit('same', 2, async (uow) => uow.put('same_counts', 'a', { n: 99, seen: [] }));
    projector = new Projector({ eventStore: events, readModels, projections: [counter('old', { failing: false }, 2), counter('same', { failing: false })] });
    await projector.start();
    expect(await readModels.get('old_counts', 'a')).to.deep.equal({ n: 2, seen: [1, 2] });
    expect((await readModels.get<{ n: number }>('same_counts', 'a'))!.n).to.equal(99);
    // Recorded: the next start rebuilds nothing.
    await projector.stop();
    projector = new Projector({ eventStore: events, readModels, projections: [counter('old', { failing: false }, 2)] });
    expect(await projector.upgrade()).to.deep.equal([]);
  });

  it('refuses to rebuild a projection it does not know', async () => {
    projector = new Projector({ eventStore: events, readModels, projections: [] });
    await projector.rebuild('nope').then(
      () => expect.fail('expected an error'),
      (error: Error) => expect(error.message).to.match(/unknown projection "nope"/),
    );
  });
});
