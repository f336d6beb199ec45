import { expect } from 'chai';
import { cached } from './cached';

describe('cached', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('shares one call among callers until the time is up', async () => {
    let calls = 0;
    const get = cached(async () => ++calls, 5_000, now);

    const [a, b] = await Promise.all([get(), get()]);
    clock += 4_999;
    const c = await get();
    clock += 1;
    const d = await get();

    expect([a, b, c, d]).to.deep.equal([1, 1, 1, 2]);
  });

  it('forgets a failed call so the next caller tries again', async () => {
    let calls = 0;
    const get = cached(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'up';
    }, 5_000, now);

    let failure: unknown;
    await get().catch((err: unknown) => (failure = err));

    expect(failure).to.be.instanceOf(Error);
    expect(await get()).to.equal('up');
  });
});
