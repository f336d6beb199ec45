import { defaultActivityTarget, listenForActivity, type ActivityTarget } from './activity-events';
import { systemClock, type Clock } from './clock';

export interface WatchInactivityOptions {
  /** Minutes without activity before onInactive runs; may be fractional. */
  minutes: number;
  onInactive: () => void;
  target?: ActivityTarget;
  clock?: Clock;
}

/**
 * The inactivity helper of spec section 4: runs onInactive once the given number of minutes
 * passed without mouse move, click, scroll or keypress, then stops listening. Returns a function
 * that stops it earlier (on log-out or unmount).
 *
 * Events only note the time; the timer re-arms itself for the remainder when it fires early, so
 * a stream of mouse moves does not reset a timer on every move.
 */
export function watchInactivity({ minutes, onInactive, target = defaultActivityTarget(), clock = systemClock }: WatchInactivityOptions): () => void {
  const limit = Math.max(0, minutes * 60_000);
  let lastActivity = clock.now();
  let stopped = false;
  let timer: unknown;

  const stopListening = listenForActivity(target, () => {
    lastActivity = clock.now();
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    clock.clearTimeout(timer);
    stopListening();
  }

  function check() {
    const idle = clock.now() - lastActivity;
    if (idle >= limit) {
      stop();
      onInactive();
    } else {
      timer = clock.setTimeout(check, limit - idle);
    }
  }

  timer = clock.setTimeout(check, limit);
  return stop;
}
