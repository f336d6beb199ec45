import { expect } from 'chai';
import { install, type Clock } from '@sinonjs/fake-timers';
import { keepSessionAlive } from './keep-session-alive';

describe('keeping the session alive', () => {
  let clock: Clock;
  let target: EventTarget;
  let refreshes: number;
  let failures: number;
  let answer: boolean;

  beforeEach(() => {
    clock = install({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    target = new EventTarget();
    refreshes = 0;
    failures = 0;
    answer = true;
  });

  afterEach(() => clock.uninstall());

  function start() {
    return keepSessionAlive({
      refresh: async () => {
        refreshes++;
        return answer;
      },
      onFailure: () => failures++,
      intervalMs: 1000,
      target,
    });
  }

  it('refreshes once per interval in which the user was active', async () => {
    start();
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('keypress'));
    await clock.tickAsync(1000);
    expect(refreshes).to.equal(1);
    target.dispatchEvent(new Event('click'));
    await clock.tickAsync(1000);
    expect(refreshes).to.equal(2);
  });

  it('does not refresh for an idle user', async () => {
    start();
    await clock.tickAsync(5000);
    expect(refreshes).to.equal(0);
  });

  it('reports a failed refresh, and stops', async () => {
    answer = false;
    start();
    target.dispatchEvent(new Event('scroll'));
    await clock.tickAsync(1000);
    expect(failures).to.equal(1);
    target.dispatchEvent(new Event('scroll'));
    await clock.tickAsync(5000);
    expect(refreshes).to.equal(1);
  });

  it('does nothing more once stopped', async () => {
    const stop = start();
    target.dispatchEvent(new Event('click'));
    stop();
    await clock.tickAsync(5000);
    expect(refreshes).to.equal(0);
    expect(clock.countTimers()).to.equal(0);
  });
});
