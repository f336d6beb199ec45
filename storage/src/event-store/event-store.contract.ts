import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ConflictError } from '@pagelog/contracts/domain-errors';
import type { EventMetadata, NewEvent } from '@pagelog/contracts/events/event';
import { eventSchemas } from '@pagelog/contracts/events/registry';
import { upcasting } from './upcasting-event-store';
import { PartlyStoredError, type EventStore } from './event-store';

export interface EventStoreContractOptions {
  /**
   * Positions are exactly 1..N (SQLite, PostgreSQL). Engines whose log positions are offsets
   * (KurrentDB's commit positions) still must give strictly increasing positions in commit order,
   * which is all a reader relies on; the suite then checks order instead of values.
   */
  densePositions?: boolean;
  /** The store can tell that an event id is already stored in another stream. */
  eventIdsUniqueAcrossStreams?: boolean;
}

/**
 * The behaviour every EventStore adapter must show. `open` gives a fresh, empty store for each
 * test and a `cleanup` that releases everything it made.
 */
export function eventStoreContract(
  adapterName: string,
  open: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>,
  options: EventStoreContractOptions = {},
): void {
  const dense = options.densePositions ?? true;
  const uniqueIds = options.eventIdsUniqueAcrossStreams ?? true;
  /** Exactly the expected positions for dense adapters; otherwise as many, strictly increasing. */
  const expectPositions = (actual: number[], denseExpected: number[]) => {
    if (dense) return expect(actual).to.deep.equal(denseExpected);
    expect(actual).to.have.length(denseExpected.length);
    actual.forEach((p, i) => {
      expect(p).to.be.a('number').greaterThan(0);
      if (i > 0) expect(p).to.be.greaterThan(actual[i - 1]!);
    });
  };
  describe(`event store contract: ${adapterName}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    describe('when events are appended to a new stream', () => {
      it('returns revisions from 1, increasing positions and the events as stored', async () => {
        const events = [event({ n: 1 }), event({ n: 2 }), event({ n: 3 })];
        const result = await store.append('page-a', events, 0);

        expect(result.revision).to.equal(3);
        expect(result.events.map((e) => e.revision)).to.deep.equal([1, 2, 3]);
        expectPositions(result.events.map((e) => e.position), [1, 2, 3]);
        expect(result.position).to.equal(result.events[2]!.position);
        expect(result.events.map((e) => e.stream)).to.deep.equal(['page-a', 'page-a', 'page-a']);
        expect(result.events.map((e) => e.id)).to.deep.equal(events.map((e) => e.id));
      });

      it('reads them back with data, metadata, revisions and positions intact', async () => {
        const data = {
          title: 'Grüße — 日本語 "quoted" \\ back',
          count: 42,
          ratio: 0.25,
          flag: false,
          nothing: null,
          blocks: [{ type: 'text', body: 'a\nb' }, { type: 'image', alt: '' }],
          nested: { deeper: { list: [1, 'two', { three: 3 }] } },
        };
        const metadata: EventMetadata = {
          actorId: 'user-0193a1b2',
          correlationId: randomUUID(),
          causationId: randomUUID(),
          occurredAt: '2025-03-04T05:06:07.089Z',
          schemaVersion: 1,
        };
        const written = { id: randomUUID(), type: 'ContractTestHappened', data, metadata };
        await store.append('page-b', [event({ first: true }), written], 0);

        const [first, read] = await store.readStream('page-b');
        expectPositions([first!.position, read!.position], [1, 2]);
        expect(read).to.deep.equal({ ...written, stream: 'page-b', revision: 2, position: read!.position });
        expect(await store.streamRevision('page-b')).to.equal(2);
        expect(await store.headPosition()).to.equal(read!.position);
      });

      it('refuses text that no read model could store (a NUL, a lone surrogate) and writes nothing', async () => {
        for (const bad of ['Bad\u0000title', 'half \ud800 a pair']) {
          const error = await rejection(store.append('page-nul', [event({ title: bad })], 0));
          expect(error).to.be.instanceOf(TypeError);
        }
        expect(await store.streamRevision('page-nul')).to.equal(0);
        const ok = await store.append('page-nul', [event({ title: 'a literal \\u0000 and 😀 are fine' })], 0);
        expect((await store.readStream('page-nul'))[0]!.data).to.deep.equal({ title: 'a literal \\u0000 and 😀 are fine' });
        expect(ok.revision).to.equal(1);
      });

      it('rejects an append without events and writes nothing', async () => {
        const error = await rejection(store.append('page-c', [], 0));
        expect(error).to.be.instanceOf(Error);
        expect(await store.headPosition()).to.equal(0);
      });
    });

    describe('when the expected revision is checked', () => {
      it('appends when the expected revision is the current one', async () => {
        await store.append('page-d', [event(), event()], 0);
        const result = await store.append('page-d', [event()], 2);
        expect(result.revision).to.equal(3);
        expect(result.events[0].revision).to.equal(3);
      });

      it('rejects a stale revision with a ConflictError carrying the current revision', async () => {
        await store.append('page-e', [event(), event(), event()], 0);
        const head = await store.headPosition();

        const error = await rejection(store.append('page-e', [event()], 1));
        expect(error).to.be.instanceOf(ConflictError);
        const conflict = error as ConflictError;
        expect(conflict.status).to.equal(409);
        expect(conflict.stream).to.equal('page-e');
        expect(conflict.expectedRevision).to.equal(1);
        expect(conflict.currentRevision).to.equal(3);
        expect(await store.headPosition()).to.equal(head);
        expect(await store.streamRevision('page-e')).to.equal(3);
      });

      it('rejects expected revision 0 on a stream that already exists', async () => {
        await store.append('page-f', [event()], 0);
        const error = await rejection(store.append('page-f', [event()], 0));
        expect(error).to.be.instanceOf(ConflictError);
        expect((error as ConflictError).currentRevision).to.equal(1);
      });

      it('rejects an expected revision above 0 on a stream that does not exist', async () => {
        const error = await rejection(store.append('page-g', [event()], 2));
        expect(error).to.be.instanceOf(ConflictError);
        expect((error as ConflictError).currentRevision).to.equal(0);
        expect(await store.streamRevision('page-g')).to.equal(0);
      });

      it("appends at the end whatever the revision when 'any' is given", async () => {
        const first = await store.append('page-h', [event()], 'any');
        const second = await store.append('page-h', [event(), event()], 'any');
        expect(first.revision).to.equal(1);
        expect(second.revision).to.equal(3);
        expect(second.events.map((e) => e.revision)).to.deep.equal([2, 3]);
      });
    });

    describe('when an append is retried with the same event ids', () => {
      it('returns the original result and writes nothing, even with a stale revision', async () => {
        const events = [event({ n: 1 }), event({ n: 2 })];
        const original = await store.append('page-i', events, 0);
        await store.append('page-other', [event()], 0);
        const head = await store.headPosition();

        const retried = await store.append('page-i', events, 0);
        expect(retried).to.deep.equal(original);
        expect(await store.headPosition()).to.equal(head);
        expect(await store.streamRevision('page-i')).to.equal(2);
        expect(await store.readStream('page-i')).to.have.length(2);
      });

      it('returns the original result for a retry of a single event inside a longer stream', async () => {
        await store.append('page-j', [event()], 0);
        const retriedEvent = event({ n: 2 });
        const original = await store.append('page-j', [retriedEvent], 1);
        await store.append('page-j', [event()], 2);

        const retried = await store.append('page-j', [retriedEvent], 'any');
        expect(retried.position).to.equal(original.position);
        expect(retried.revision).to.equal(2);
        expect(retried.events).to.deep.equal(original.events);
        expect(await store.streamRevision('page-j')).to.equal(3);
      });

      it('rejects a batch where only some of the ids are already stored', async () => {
        const stored = event();
        await store.append('page-k', [stored], 0);
        const head = await store.headPosition();

        const error = await rejection(store.append('page-k', [stored, event()], 1));
        expect(error).to.be.instanceOf(ConflictError);
        expect(await store.headPosition()).to.equal(head);
        expect(await store.streamRevision('page-k')).to.equal(1);
      });

      if (uniqueIds) it('rejects an id that is already stored in another stream', async () => {
        const stored = event();
        await store.append('page-l', [stored], 0);

        const head = await store.headPosition();
        const error = await rejection(store.append('page-m', [stored], 0));
        expect(error).to.be.instanceOf(ConflictError);
        expect(await store.streamRevision('page-m')).to.equal(0);
        expect(await store.headPosition()).to.equal(head);
      });
    });

    describe('when several streams are appended to at once', () => {
      it('writes every part, in the order given, at consecutive positions, and answers each like append', async () => {
        await store.append('page-m1', [event({ n: 0 })], 0);
        const release = [event({ release: 1 })];
        const first = [event({ page: 1 })];
        const second = [event({ page: 2 }), event({ page: 2.5 })];
        const results = await store.appendMany([
          { stream: 'release-m', events: release, expectedRevision: 0 },
          { stream: 'page-m1', events: first, expectedRevision: 1 },
          { stream: 'page-m2', events: second, expectedRevision: 'any' },
        ]);
        expect(results.map((r) => r.revision)).to.deep.equal([1, 2, 2]);
        expect(results.map((r) => r.events.map((e) => e.stream))).to.deep.equal([['release-m'], ['page-m1'], ['page-m2', 'page-m2']]);
        expectPositions(results.flatMap((r) => r.events.map((e) => e.position)), [2, 3, 4, 5]);
        results.forEach((r) => expect(r.position).to.equal(r.events[r.events.length - 1]!.position));
        const log = await store.readAll();
        expect(log.slice(1).map((e) => e.id)).to.deep.equal([...release, ...first, ...second].map((e) => e.id));
        expect((await store.readStream('page-m1')).map((e) => e.data)).to.deep.equal([{ n: 0 }, { page: 1 }]);
      });

      it('writes nothing at all when any part has a stale revision, and throws that part\'s ConflictError', async () => {
        await store.append('page-n1', [event(), event()], 0);
        const head = await store.headPosition();
        const error = await rejection(store.appendMany([
          { stream: 'release-n', events: [event()], expectedRevision: 0 },
          { stream: 'page-n1', events: [event()], expectedRevision: 1 },
          { stream: 'page-n2', events: [event()], expectedRevision: 0 },
        ]));
        expect(error).to.be.instanceOf(ConflictError);
        expect(error).to.include({ stream: 'page-n1' });
        expect(await store.headPosition()).to.equal(head);
        for (const stream of ['release-n', 'page-n2']) expect(await store.streamRevision(stream), stream).to.equal(0);
        expect(await store.streamRevision('page-n1')).to.equal(2);
      });

      it('answers a retry of the same append with the original results and writes nothing', async () => {
        const parts = [
          { stream: 'release-r', events: [event()], expectedRevision: 0 as const },
          { stream: 'page-r', events: [event(), event()], expectedRevision: 0 as const },
        ];
        const original = await store.appendMany(parts);
        const head = await store.headPosition();
        const again = await store.appendMany(parts);
        expect(again.map((r) => [r.position, r.revision, r.events.map((e) => e.id)])).to.deep.equal(original.map((r) => [r.position, r.revision, r.events.map((e) => e.id)]));
        expect(await store.headPosition()).to.equal(head);
      });

      it('refuses a retry of which only some parts are stored, writing nothing', async () => {
        const stored = [event()];
        await store.append('release-p', stored, 0);
        const head = await store.headPosition();
        const error = await rejection(store.appendMany([
          { stream: 'release-p', events: stored, expectedRevision: 0 },
          { stream: 'page-p', events: [event()], expectedRevision: 0 },
        ]));
        expect(error).to.be.instanceOf(PartlyStoredError);
        expect(await store.headPosition()).to.equal(head);
        expect(await store.streamRevision('page-p')).to.equal(0);
      });

      it('rejects no parts, a stream named twice, or an empty part, and writes nothing', async () => {
        for (const parts of [[], [{ stream: 'page-t', events: [event()], expectedRevision: 0 as const }, { stream: 'page-t', events: [event()], expectedRevision: 1 as const }], [{ stream: 'page-u', events: [], expectedRevision: 0 as const }]]) {
          expect(await rejection(store.appendMany(parts))).to.be.instanceOf(TypeError);
        }
        expect(await store.headPosition()).to.equal(0);
      });

      it('tells subscribers, once the parts are written', async () => {
        const seen: number[] = [];
        const unsubscribe = store.subscribe((position) => seen.push(position));
        try {
          const results = await store.appendMany([
            { stream: 'release-s', events: [event()], expectedRevision: 0 },
            { stream: 'page-s', events: [event()], expectedRevision: 0 },
          ]);
          const last = Math.max(...results.map((r) => r.position));
          for (let i = 0; i < 100 && !seen.some((p) => p >= last); i++) await sleep(20);
          expect(seen.some((p) => p >= last)).to.equal(true);
        } finally {
          unsubscribe();
        }
      });
    });

    describe('when a stream is read', () => {
      beforeEach(async () => {
        await store.append('page-n', [1, 2, 3].map((n) => event({ n })), 0);
        await store.append('page-noise', [event({ n: 'x' })], 0);
        await store.append('page-n', [4, 5].map((n) => event({ n })), 3);
      });

      it('returns all its events forwards by default', async () => {
        const events = await store.readStream('page-n');
        expect(events.map((e) => e.data)).to.deep.equal([1, 2, 3, 4, 5].map((n) => ({ n })));
        expect(events.map((e) => e.revision)).to.deep.equal([1, 2, 3, 4, 5]);
        expectPositions(events.map((e) => e.position), [1, 2, 3, 5, 6]);
      });

      it('reads forwards from a revision, inclusive, up to a limit', async () => {
        const events = await store.readStream('page-n', { fromRevision: 2, limit: 3 });
        expect(events.map((e) => e.revision)).to.deep.equal([2, 3, 4]);
      });

      it('reads backwards from the last revision by default', async () => {
        const events = await store.readStream('page-n', { direction: 'backwards' });
        expect(events.map((e) => e.revision)).to.deep.equal([5, 4, 3, 2, 1]);
      });

      it('reads backwards from a revision, inclusive, up to a limit', async () => {
        const events = await store.readStream('page-n', { direction: 'backwards', fromRevision: 4, limit: 2 });
        expect(events.map((e) => e.revision)).to.deep.equal([4, 3]);
      });

      it('reads an unknown stream as empty, at revision 0', async () => {
        expect(await store.readStream('page-unknown')).to.deep.equal([]);
        expect(await store.readStream('page-unknown', { direction: 'backwards' })).to.deep.equal([]);
        expect(await store.streamRevision('page-unknown')).to.equal(0);
      });
    });

    describe('when the global log is read', () => {
      it('starts empty, at head position 0', async () => {
        expect(await store.readAll()).to.deep.equal([]);
        expect(await store.headPosition()).to.equal(0);
      });

      it('returns the events of every stream in commit order, batch by batch after a position', async () => {
        const appended = [];
        appended.push(...(await store.append('page-o', [event({ n: 1 }), event({ n: 2 })], 0)).events);
        appended.push(...(await store.append('page-p', [event({ n: 3 })], 0)).events);
        appended.push(...(await store.append('page-o', [event({ n: 4 })], 2)).events);
        appended.push(...(await store.append('settings', [event({ n: 5 }), event({ n: 6 })], 'any')).events);
        appended.push(...(await store.append('page-p', [event({ n: 7 })], 1)).events);

        const everything = await store.readAll();
        expectPositions(everything.map((e) => e.position), [1, 2, 3, 4, 5, 6, 7]);
        expect(everything.map((e) => e.position)).to.deep.equal(appended.map((e) => e.position));
        expect(everything.map((e) => e.id)).to.deep.equal(appended.map((e) => e.id));
        expect(everything.map((e) => e.stream)).to.deep.equal(
          ['page-o', 'page-o', 'page-p', 'page-o', 'settings', 'settings', 'page-p'],
        );

        const batches: number[][] = [];
        let after = 0;
        for (;;) {
          const batch = await store.readAll({ after, limit: 3 });
          if (batch.length === 0) break;
          batches.push(batch.map((e) => e.position));
          after = batch[batch.length - 1].position;
        }
        const at = (i: number) => everything[i]!.position;
        expect(batches).to.deep.equal([[at(0), at(1), at(2)], [at(3), at(4), at(5)], [at(6)]]);
        expect(await store.readAll({ after: at(4) })).to.have.length(2);
        expect(await store.headPosition()).to.equal(at(6));
      });
    });

    describe('when someone subscribes', () => {
      it('calls the listener after an append with a position at least that of the append', async () => {
        const heard: number[] = [];
        const unsubscribe = store.subscribe((position) => heard.push(position));
        try {
          const result = await store.append('page-q', [event()], 0);
          await waitFor(() => heard.some((p) => p >= result.position), 3000);
        } finally {
          unsubscribe();
        }
      });

      it('stops calling a listener once it has unsubscribed', async () => {
        const kept: number[] = [];
        const dropped: number[] = [];
        const unsubscribeKept = store.subscribe((position) => kept.push(position));
        const unsubscribeDropped = store.subscribe((position) => dropped.push(position));
        unsubscribeDropped();

        const first = await store.append('page-r', [event()], 0);
        await waitFor(() => kept.some((p) => p >= first.position), 3000);
        unsubscribeKept();
        const heardBefore = kept.length;

        await store.append('page-r', [event()], 1);
        await sleep(700);
        expect(dropped).to.deep.equal([]);
        expect(kept).to.have.length(heardBefore);
      });
    });

    describe('when an event was stored with an older schema version', () => {
      it('reads it as stored, and through the upcasting wrapper lifted to the current version with the metadata as written', async () => {
        const type = 'PageDraftStarted';
        const saved = eventSchemas[type];
        eventSchemas[type] = {
          schemaVersion: 2,
          upcasters: { 1: ({ basedOnVersionId, ...rest }) => ({ ...rest, basedOn: basedOnVersionId }) },
        };
        try {
          const v1 = { pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' };
          const v2 = { pageId: 'p1', versionId: 'v3', basedOn: 'v2' };
          await store.append('page-s', [
            { id: randomUUID(), type, data: v1, metadata: metadata({ schemaVersion: 1 }) },
            { id: randomUUID(), type, data: v2, metadata: metadata({ schemaVersion: 2 }) },
          ], 0);

          expect((await store.readStream('page-s')).map((e) => e.data)).to.deep.equal([v1, v2]);
          const reader = upcasting(store);
          const expected = [{ pageId: 'p1', versionId: 'v2', basedOn: 'v1' }, v2];
          const fromStream = await reader.readStream('page-s');
          expect(fromStream.map((e) => e.data)).to.deep.equal(expected);
          expect(fromStream.map((e) => e.metadata.schemaVersion)).to.deep.equal([1, 2]);
          const fromLog = await reader.readAll();
          expect(fromLog.map((e) => e.data)).to.deep.equal(expected);
          const retried = await reader.append('page-s', [{ id: fromStream[0]!.id, type, data: v1, metadata: metadata({ schemaVersion: 1 }) }], 'any');
          expect(retried.events.map((e) => e.data)).to.deep.equal([expected[0]]);
        } finally {
          eventSchemas[type] = saved;
        }
        const plain = await store.readStream('page-s', { limit: 1 });
        expect(plain[0].data).to.deep.equal({ pageId: 'p1', versionId: 'v2', basedOnVersionId: 'v1' });
      });
    });

    describe('when several appends race for the same expected revision', () => {
      it('lets exactly one win and gives the others a ConflictError', async () => {
        await store.append('page-t', [event()], 0);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, (_, n) => store.append('page-t', [event({ racer: n }), event({ racer: n })], 1)),
        );

        const winners = outcomes.filter((o) => o.status === 'fulfilled');
        const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(winners).to.have.length(1);
        expect(losers).to.have.length(7);
        for (const loser of losers) {
          expect(loser.reason).to.be.instanceOf(ConflictError);
          expect((loser.reason as ConflictError).currentRevision).to.equal(3);
        }
        expect(await store.streamRevision('page-t')).to.equal(3);
        const [last] = await store.readStream('page-t', { direction: 'backwards', limit: 1 });
        expect(await store.headPosition()).to.equal(last!.position);
        if (dense) expect(last!.position).to.equal(3);
      });
    });
  });
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actorId: 'user-1',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
    ...overrides,
  };
}

/** An event of a type the registry does not know, so reading never upcasts it. */
/** A new event with fresh ids and metadata, for tests of any adapter. */
export function event(data: Record<string, unknown> = {}): NewEvent {
  return { id: randomUUID(), type: 'ContractTestHappened', data, metadata: metadata() };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Polls until `condition` holds, failing after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
