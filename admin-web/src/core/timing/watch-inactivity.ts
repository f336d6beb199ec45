import { defaultActivityTarget, listenForActivity, type ActivityTarget } from './activity-events';

export interface WatchInactivityOptions {
  /** Minutes without activity before onInactive runs; may be fractional. */
  minutes: number;
  onInactive: () => void;
  target?: ActivityTarget;
}

/**
 * The inactivity helper of spec section 4: runs onInactive once the given number of minutes
 * passed without mouse move, click, scroll or keypress, then stops listening. Returns a function
 * that stops it earlier (on log-out or unmount).
 *
 * Events only note the time; the timer re-arms itself for the remainder when it fires early, so
 * a stream of mouse moves does not reset a timer on every move.
 */
export function watchInactivity({ minutes, onInactive, target = defaultActivityTarget() }: WatchInactivityOptions): () => void {
  const limit = Math.max(0, minutes * 60_000);
  let lastActivity = Date.now();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopListening = listenForActivity(target, () => {
    lastActivity = Date.now();
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    stopListening();
  }

  function check() {
    const idle = Date.now() - lastActivity;
    if (idle >= limit) {
      stop();
      onInactive();
    } else {
      timer = setTimeout(check, limit - idle);
    }
  }

  timer = setTimeout(check, limit);
  return stop;
}
