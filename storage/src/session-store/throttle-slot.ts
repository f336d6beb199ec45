import type { AttemptThrottle } from './session-store';

/**
 * Where the throttle puts the `nth` attempt of its window, given the next free slot: the first
 * `free` attempts go at once; after that each waits for the slot left by the one before and
 * leaves the next one `baseDelayMs` later, doubling with every attempt up to `maxDelayMs`. An
 * attempt whose slot is more than `maxWaitMs` away is refused until it would not be. The same
 * arithmetic runs inside the Redis script (redis-session-store.ts) and must stay in step.
 */
export function throttleSlot(
  throttle: Pick<AttemptThrottle, 'free' | 'baseDelayMs' | 'maxDelayMs' | 'maxWaitMs'>,
  nth: number,
  nextAt: number | null,
  now: number,
): { admitted: true; waitMs: number; nextAt: number | null } | { admitted: false; retryAfterMs: number } {
  if (nth <= throttle.free) return { admitted: true, waitMs: 0, nextAt };
  const delay = Math.min(throttle.baseDelayMs * 2 ** Math.min(nth - throttle.free - 1, 40), throttle.maxDelayMs);
  const at = Math.max(now, nextAt ?? now);
  const waitMs = at - now;
  if (waitMs > throttle.maxWaitMs) return { admitted: false, retryAfterMs: waitMs - throttle.maxWaitMs };
  return { admitted: true, waitMs, nextAt: at + delay };
}
