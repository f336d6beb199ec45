/** How the screen says the time a reindex still needs: a translation key below searchIndex.timeLeft, and its count. */
export interface TimeLeft {
  key: 'unknown' | 'lessThanAMinute' | 'minutes' | 'hours';
  count?: number;
}

/**
 * The time left as a person would say it ("about 2 minutes left"): the server's estimate follows
 * the rate so far and moves with it, so seconds would only flicker. Minutes up to an hour and a
 * half, hours beyond.
 */
export function timeLeft(seconds: number | null): TimeLeft {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return { key: 'unknown' };
  if (seconds < 45) return { key: 'lessThanAMinute' };
  if (seconds < 90 * 60) return { key: 'minutes', count: Math.max(1, Math.round(seconds / 60)) };
  return { key: 'hours', count: Math.round(seconds / 3600) };
}
