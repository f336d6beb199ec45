import { expect } from 'chai';
import { MomentMemo } from './moment-memo';

describe("the time-travel moments a distributed site's reads open", () => {
  let now = 0;
  const clock = () => now;

  it('are opened once per token and head for a few seconds, then afresh', async () => {
    now = 0;
    const memo = new MomentMemo<string>(5_000, 64, clock);
    let opened = 0;
    const open = async () => `moment ${++opened}`;
    expect(await memo.read('tok', 10, open)).to.equal('moment 1');
    expect(await memo.read('tok', 10, open)).to.equal('moment 1');
    // The log moved on: opened again.
    expect(await memo.read('tok', 11, open)).to.equal('moment 2');
    expect(await memo.read('other', 11, open)).to.equal('moment 3');
    now = 5_000;
    expect(await memo.read('tok', 11, open)).to.equal('moment 4');
  });

  it('keep no failed opening, and no more than their most', async () => {
    now = 0;
    const memo = new MomentMemo<string>(5_000, 2, clock);
    let attempts = 0;
    const failing = () => Promise.reject(new Error(`attempt ${++attempts}`));
    await memo.read('tok', 1, failing).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    await memo.read('tok', 1, failing).catch(() => undefined);
    expect(attempts).to.equal(2);
    await new Promise((resolve) => setImmediate(resolve));
    for (const token of ['a', 'b', 'c']) await memo.read(token, 1, async () => token);
    expect(memo.size).to.equal(2);
  });
});
