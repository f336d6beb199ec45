import { expect } from 'chai';
import { install, type Clock } from '@sinonjs/fake-timers';
import { watchInactivity } from './watch-inactivity';

describe('the inactivity helper', () => {
  let clock: Clock;
  let target: EventTarget;
  let inactive: number;

  beforeEach(() => {
    clock = install({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    target = new EventTarget();
    inactive = 0;
  });

  afterEach(() => clock.uninstall());

  function watch(minutes: number) {
    return watchInactivity({ minutes, onInactive: () => inactive++, target });
  }

  it('runs the callback once the minutes passed without activity', () => {
    watch(30);
    clock.tick(30 * 60_000 - 1);
    expect(inactive).to.equal(0);
    clock.tick(1);
    expect(inactive).to.equal(1);
  });

  for (const type of ['mousemove', 'click', 'scroll', 'keypress']) {
    it(`counts a ${type} as activity and waits the full time again after it`, () => {
      watch(1);
      clock.tick(50_000);
      target.dispatchEvent(new Event(type));
      clock.tick(50_000);
      expect(inactive).to.equal(0);
      clock.tick(10_000);
      expect(inactive).to.equal(1);
    });
  }

  it('takes fractional minutes', () => {
    watch(0.05);
    clock.tick(2_999);
    expect(inactive).to.equal(0);
    clock.tick(1);
    expect(inactive).to.equal(1);
  });

  it('runs the callback only once, and stops listening and timing afterwards', () => {
    watch(1);
    clock.tick(60_000);
    target.dispatchEvent(new Event('click'));
    clock.tick(10 * 60_000);
    expect(inactive).to.equal(1);
    expect(clock.countTimers()).to.equal(0);
  });

  it('never runs the callback once stopped', () => {
    const stop = watch(1);
    clock.tick(30_000);
    stop();
    clock.tick(10 * 60_000);
    expect(inactive).to.equal(0);
    expect(clock.countTimers()).to.equal(0);
  });

  it('ignores other events', () => {
    watch(1);
    clock.tick(59_000);
    target.dispatchEvent(new Event('focus'));
    clock.tick(1_000);
    expect(inactive).to.equal(1);
  });
});
