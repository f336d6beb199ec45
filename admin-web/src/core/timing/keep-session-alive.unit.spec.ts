import { expect } from 'chai';
import { FakeClock, settle } from '../../testing/fake-clock';
import { keepSessionAlive } from './keep-session-alive';

describe('keeping the session alive', () => {
  let clock: FakeClock;
  let target: EventTarget;
  let refreshes: number;
  let failures: number;
  let answer: boolean;

  beforeEach(() => {
    clock = new FakeClock();
    target = new EventTarget();
    refreshes = 0;
    failures = 0;
    answer = true;
  });

  function start() {
    return keepSessionAlive({
      refresh: async () => {
        refreshes++;
        return answer;
      },
      onFailure: () => failures++,
      intervalMs: 1000,
      target,
      clock,
    });
  }

  it('refreshes once per interval in which the user was active', async () => {
    start();
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('keypress'));
    clock.tick(1000);
    await settle();
    expect(refreshes).to.equal(1);
    target.dispatchEvent(new Event('click'));
    clock.tick(1000);
    await settle();
    expect(refreshes).to.equal(2);
  });

  it('does not refresh for an idle user', async () => {
    start();
    clock.tick(5000);
    await settle();
    expect(refreshes).to.equal(0);
  });

  it('reports a failed refresh, and stops', async () => {
    answer = false;
    start();
    target.dispatchEvent(new Event('scroll'));
    clock.tick(1000);
    await settle();
    expect(failures).to.equal(1);
    target.dispatchEvent(new Event('scroll'));
    clock.tick(5000);
    await settle();
    expect(refreshes).to.equal(1);
  });

  it('does nothing more once stopped', async () => {
    const stop = start();
    target.dispatchEvent(new Event('click'));
    stop();
    clock.tick(5000);
    await settle();
    expect(refreshes).to.equal(0);
    expect(clock.pendingTimers()).to.equal(0);
  });
});
