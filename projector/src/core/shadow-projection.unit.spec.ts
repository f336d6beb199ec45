import { expect } from 'chai';
import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { Doc, UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import type { Projection } from './projection';
import { shadowName, shadowProjection } from './shadow-projection';

const ticked = { type: 'Ticked', stream: 's-1', revision: 1, position: 1 } as unknown as RecordedEvent;

/** Copies a count from `counts` to `totals`; or, with `stray`, writes a collection it does not declare. */
const projection = (stray = false): Projection => ({
  name: 'tally',
  version: 3,
  collections: [
    { name: 'counts', indexes: ['n'] },
    { name: 'totals', indexes: [] },
  ],
  handles: ['Ticked'],
  async apply(event, uow) {
    const count = await uow.get<{ n: number }>('counts', event.stream);
    uow.put('counts', event.stream, { n: (count?.n ?? 0) + 1 });
    uow.delete('totals', 'stale');
    if (stray) uow.put('elsewhere', 'x', {});
  },
  prefetch: (events) => [{ collection: 'counts', ids: events.map((e) => e.stream) }],
});

/** A unit of work that records what it is asked, with one document in `counts~rebuild`. */
function recordingUnit() {
  const calls: string[] = [];
  const uow: UnitOfWork = {
    async get<T extends Doc = Doc>(collection: string, id: string) {
      calls.push(`get ${collection} ${id}`);
      return (collection === 'counts~rebuild' ? { n: 4 } : null) as T | null;
    },
    put: (collection, id, doc) => calls.push(`put ${collection} ${id} ${JSON.stringify(doc)}`),
    delete: (collection, id) => calls.push(`delete ${collection} ${id}`),
    at: () => undefined,
  };
  return { uow, calls };
}

describe('a shadow projection', () => {
  it('is the same projection under a checkpoint and collections of its own', () => {
    const shadow = shadowProjection(projection());
    expect(shadow).to.deep.include({ name: 'tally~rebuild', version: 3, handles: ['Ticked'] });
    expect(shadow.collections).to.deep.equal([
      { name: 'counts~rebuild', indexes: [] },
      { name: 'totals~rebuild', indexes: [] },
    ]);
    expect(shadowName('counts')).to.equal('counts~rebuild');
  });

  it('reads and writes the shadow collections only', async () => {
    const { uow, calls } = recordingUnit();
    await shadowProjection(projection()).apply(ticked, uow);
    expect(calls).to.deep.equal(['get counts~rebuild s-1', 'put counts~rebuild s-1 {"n":5}', 'delete totals~rebuild stale']);
  });

  it('prefetches from the shadow collections', () => {
    expect(shadowProjection(projection()).prefetch!([ticked])).to.deep.equal([{ collection: 'counts~rebuild', ids: ['s-1'] }]);
  });

  it('refuses a collection the projection does not declare, which a swap would leave behind', async () => {
    const { uow, calls } = recordingUnit();
    const error = await shadowProjection(projection(true)).apply(ticked, uow).then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('projection "tally" uses collection "elsewhere", which it does not declare; declare it in its collections');
    expect(calls.some((c) => c.includes('elsewhere'))).to.equal(false);
  });
});
