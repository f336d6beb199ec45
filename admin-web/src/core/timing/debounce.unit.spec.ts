import { expect } from 'chai';
import { FakeClock } from '../../testing/fake-clock';
import { debounce } from './debounce';

describe('debounce with a leading call, 500 ms wait and 1000 ms maximum wait', () => {
  let clock: FakeClock;
  let calls: { at: number; term: string }[];
  let search: ReturnType<typeof debounce<[string]>>;

  beforeEach(() => {
    clock = new FakeClock();
    calls = [];
    search = debounce((term: string) => calls.push({ at: clock.now(), term }), 500, { leading: true, maxWait: 1000, clock });
  });

  it('calls at once on the first call', () => {
    search('a');
    expect(calls).to.deep.equal([{ at: 0, term: 'a' }]);
  });

  it('calls once for a single call, with no trailing call', () => {
    search('a');
    clock.tick(2000);
    expect(calls).to.have.length(1);
  });

  it('calls once more, 500 ms after the last call of a burst, with its latest arguments', () => {
    search('a');
    clock.tick(100);
    search('ab');
    clock.tick(100);
    search('abc');
    clock.tick(499);
    expect(calls.map((call) => call.term)).to.deep.equal(['a']);
    clock.tick(1);
    expect(calls).to.deep.equal([
      { at: 0, term: 'a' },
      { at: 700, term: 'abc' },
    ]);
  });

  it('calls at least every 1000 ms while calls keep coming', () => {
    for (let at = 0; at <= 2500; at += 100) {
      search(`term at ${at}`);
      clock.tick(100);
    }
    clock.tick(1000);
    expect(calls.map((call) => call.at)).to.deep.equal([0, 1000, 2000, 3000]);
    expect(calls.at(-1)?.term).to.equal('term at 2500');
  });

  it('starts a new burst with a leading call after a quiet wait', () => {
    search('a');
    clock.tick(600);
    search('b');
    expect(calls.map((call) => call.term)).to.deep.equal(['a', 'b']);
  });

  it('makes no pending call once cancelled', () => {
    search('a');
    search('ab');
    search.cancel();
    clock.tick(2000);
    expect(calls.map((call) => call.term)).to.deep.equal(['a']);
  });
});

describe('debounce without a leading call', () => {
  it('calls only after the wait', () => {
    const clock = new FakeClock();
    const calls: number[] = [];
    const debounced = debounce(() => calls.push(clock.now()), 500, { clock });
    debounced();
    clock.tick(499);
    expect(calls).to.deep.equal([]);
    clock.tick(1);
    expect(calls).to.deep.equal([500]);
  });
});
