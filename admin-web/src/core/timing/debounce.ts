import { systemClock, type Clock } from './clock';

export interface DebounceOptions {
  /** Call on the first call of a burst too, not only after it. */
  leading?: boolean;
  /** Call once more after the burst when it was called again during the wait (default true). */
  trailing?: boolean;
  /** The longest a burst may delay a call; without it a steady stream of calls never calls. */
  maxWait?: number;
  clock?: Clock;
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Delays calls to fn until `wait` ms passed without another call, with lodash.debounce's
 * leading, trailing and maxWait semantics (the paginated list's search: 500 ms, leading,
 * max 1000 ms). Written here rather than installed: it is short, and it takes the injected
 * clock its specs need.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number, options: DebounceOptions = {}): Debounced<A> {
  const { leading = false, trailing = true, clock = systemClock } = options;
  const maxing = options.maxWait !== undefined;
  const maxWait = maxing ? Math.max(options.maxWait ?? 0, wait) : 0;

  let lastArgs: A | undefined;
  let lastCallTime: number | undefined;
  let lastInvokeTime = 0;
  let timer: unknown;
  let timing = false;

  function invoke(time: number) {
    const args = lastArgs as A;
    lastArgs = undefined;
    lastInvokeTime = time;
    fn(...args);
  }

  function startTimer(ms: number) {
    timer = clock.setTimeout(timerExpired, ms);
    timing = true;
  }

  function remainingWait(time: number): number {
    const sinceCall = time - (lastCallTime ?? time);
    const waiting = wait - sinceCall;
    return maxing ? Math.min(waiting, maxWait - (time - lastInvokeTime)) : waiting;
  }

  function shouldInvoke(time: number): boolean {
    if (lastCallTime === undefined) return true;
    const sinceCall = time - lastCallTime;
    return sinceCall >= wait || sinceCall < 0 || (maxing && time - lastInvokeTime >= maxWait);
  }

  function leadingEdge(time: number) {
    lastInvokeTime = time;
    startTimer(wait);
    if (leading) invoke(time);
  }

  function trailingEdge(time: number) {
    timing = false;
    if (trailing && lastArgs) invoke(time);
    lastArgs = undefined;
  }

  function timerExpired() {
    const time = clock.now();
    timing = false;
    if (shouldInvoke(time)) trailingEdge(time);
    else startTimer(remainingWait(time));
  }

  const debounced = (...args: A) => {
    const time = clock.now();
    const invoking = shouldInvoke(time);
    lastArgs = args;
    lastCallTime = time;
    if (invoking) {
      if (!timing) {
        leadingEdge(time);
        return;
      }
      if (maxing) {
        // A steady stream of calls: maxWait has passed since the last call went through.
        clock.clearTimeout(timer);
        startTimer(wait);
        invoke(time);
        return;
      }
    }
    if (!timing) startTimer(wait);
  };

  debounced.cancel = () => {
    if (timing) clock.clearTimeout(timer);
    timing = false;
    lastArgs = undefined;
    lastCallTime = undefined;
    lastInvokeTime = 0;
  };

  return debounced;
}
