import { expect } from 'chai';
import type { NewEvent } from '@pagelog/contracts/events/event';
import type { SqliteDatabase } from '@pagelog/storage/sqlite/open-database';
import type { SqliteEventStore } from '@pagelog/storage/event-store/sqlite-event-store';
import type { SqliteReadModelStore } from '@pagelog/storage/read-model-store/sqlite-read-model-store';
import type { Projection } from './projection';
import { Projector } from './projector';
import type { Reactor } from './reactor';
import { openTestLog, type TestLog } from './test-log';

let seq = 0;
const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  id: `00000000-0000-7000-8000-${String(++seq).padStart(12, '0')}`,
  type,
  data,
  metadata: { actorId: 'system', correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached in time');
}

/** A projection that keeps the names of greeted people, so the reactor has a read model to read. */
const people: Projection = {
  name: 'people',
  version: 1,
  collections: [{ name: 'people', indexes: [] }],
  handles: ['Greeted'],
  async apply(e, uow) {
    uow.put('people', e.stream, { name: (e.data as { name: string }).name });
  },
};

/**
 * A reactor that "mails" every Greeted event to the person the people read model names, through
 * `outbox`; `control.down` makes the mail server refuse, `control.poison` a handler bug.
 */
function greeter(outbox: string[], control: { down: boolean; poison: boolean; sent?: () => void }, readModels: SqliteReadModelStore): Reactor {
  return {
    name: 'greeter',
    handles: ['Greeted'],
    reads: ['people'],
    async react(e, effects) {
      if ((e.data as { poison?: boolean }).poison && control.poison) throw new Error('cannot read this greeting');
      const person = await readModels.get<{ name: string }>('people', e.stream);
      await effects.once(e.id, async () => {
        if (control.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        outbox.push(`hello ${person?.name ?? '?'} (${e.id.slice(-2)})`);
        control.sent?.();
      });
    },
  };
}

describe('reactors', () => {
  let log: TestLog;
  let db: SqliteDatabase;
  let events: SqliteEventStore;
  let readModels: SqliteReadModelStore;
  const projectors: Projector[] = [];

  beforeEach(() => {
    log = openTestLog('reactor');
    ({ db, events, readModels } = log);
  });
  afterEach(async () => {
    for (const p of projectors.splice(0)) await p.stop();
    await log.close();
  });

  function start(reactor: Reactor, extra: { leaseMs?: number } = {}): Projector {
    const projector = new Projector({ eventStore: events, readModels, projections: [people], reactors: [reactor], backoffMs: 20, maxBackoffMs: 100, pollMs: 50, ...extra });
    projectors.push(projector);
    return projector;
  }
  const greet = (who: string, name: string, more: Record<string, unknown> = {}) => events.append(`person-${who}`, [event('Greeted', { name, ...more })], 'any');

  it('starts at the head of the log the first time it runs: what happened before it existed is not acted on', async () => {
    await greet('a', 'Ada');
    const outbox: string[] = [];
    await start(greeter(outbox, { down: false, poison: false }, readModels)).start();
    await greet('b', 'Bo');
    await until(() => outbox.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(outbox.map((m) => m.split(' ')[1])).to.deep.equal(['Bo']);
  });

  it('acts only once the read models it reads have the event, so it reads what the event made', async () => {
    const outbox: string[] = [];
    await start(greeter(outbox, { down: false, poison: false }, readModels)).start();
    for (const [who, name] of [['a', 'Ada'], ['b', 'Bo'], ['c', 'Cy']] as const) await greet(who, name);
    await until(() => outbox.length === 3);
    expect(outbox.map((m) => m.split(' ')[1])).to.deep.equal(['Ada', 'Bo', 'Cy']);
  });

  it('keeps trying while the mail server is away, shows the error in the status, and sends each mail once when it is back', async () => {
    const outbox: string[] = [];
    const control = { down: true, poison: false };
    await start(greeter(outbox, control, readModels)).start();
    await greet('a', 'Ada');
    await greet('b', 'Bo');
    await until(async () => (await readModels.getCheckpoint('greeter')).error?.attempts === 3);
    const failing = (await readModels.getCheckpoint('greeter')).error!;
    expect(failing).to.include({ eventType: 'Greeted', message: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(outbox).to.deep.equal([]);
    control.down = false;
    await until(() => outbox.length === 2);
    await until(async () => (await readModels.getCheckpoint('greeter')).error === null);
    await new Promise((r) => setTimeout(r, 200));
    expect(outbox.map((m) => m.split(' ')[1])).to.deep.equal(['Ada', 'Bo']);
  });

  it('stops at a poison event with the error visible, acts on nothing after it, and goes on from there once it is fixed', async () => {
    const outbox: string[] = [];
    const control = { down: false, poison: true };
    await start(greeter(outbox, control, readModels)).start();
    await greet('a', 'Ada');
    const poisoned = await greet('b', 'Bo', { poison: true });
    await greet('c', 'Cy');
    await until(async () => (await readModels.getCheckpoint('greeter')).error !== null);
    const checkpoint = await readModels.getCheckpoint('greeter');
    expect(checkpoint.error).to.include({ position: poisoned.position, eventType: 'Greeted', message: 'cannot read this greeting' });
    expect(checkpoint.position).to.be.below(poisoned.position);
    expect(outbox.map((m) => m.split(' ')[1])).to.deep.equal(['Ada']);
    control.poison = false;
    await until(() => outbox.length === 3);
    expect(outbox.map((m) => m.split(' ')[1])).to.deep.equal(['Ada', 'Bo', 'Cy']);
  });

  it('does not act twice on an effect it recorded, when it starts again from an earlier checkpoint (a crash before the checkpoint moved)', async () => {
    const outbox: string[] = [];
    const first = start(greeter(outbox, { down: false, poison: false }, readModels));
    await first.start();
    await greet('a', 'Ada');
    await greet('b', 'Bo');
    await until(() => outbox.length === 2);
    await first.stop();
    // As if the process died after the mails but before its checkpoint moved past them.
    await readModels.commit('greeter', 0, async () => {});
    await start(greeter(outbox, { down: false, poison: false }, readModels)).start();
    await greet('c', 'Cy');
    await until(() => outbox.length === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(outbox.map((m) => m.split(' ')[1])).to.deep.equal(['Ada', 'Bo', 'Cy']);
  });

  it('keeps its lease while an effect runs longer than the lease, so no standby process does the same effect', async () => {
    const sentBy: string[] = [];
    const slow = (who: string): Reactor => ({
      name: 'greeter',
      handles: ['Greeted'],
      reads: [],
      async react(e, effects) {
        await effects.once(e.id, async () => {
          sentBy.push(who);
          // A slow mail server: three times the lease.
          await new Promise((r) => setTimeout(r, 1500));
        });
      },
    });
    await start(slow('one'), { leaseMs: 500 }).start();
    await start(slow('two'), { leaseMs: 500 }).start();
    await greet('a', 'Ada');
    await until(() => sentBy.length === 1);
    await new Promise((r) => setTimeout(r, 2500));
    expect(sentBy).to.have.length(1);
  });

  it('runs in one process at a time: the others stand by, and one takes over when it stops', async () => {
    const sentBy: string[] = [];
    const make = (who: string) => greeter([], { down: false, poison: false, sent: () => sentBy.push(who) }, readModels);
    const one = start(make('one'), { leaseMs: 60_000 });
    await one.start();
    await greet('a', 'Ada');
    await until(() => sentBy.length === 1);
    const two = start(make('two'), { leaseMs: 60_000 });
    await two.start();
    await greet('b', 'Bo');
    await until(() => sentBy.length === 2);
    await one.stop();
    await greet('c', 'Cy');
    await until(() => sentBy.length === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(sentBy).to.deep.equal(['one', 'one', 'two']);
  });
});
