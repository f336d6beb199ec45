/**
 * Remembers the result of `load` for `ttlMs`. Callers within that time share one call (also while
 * it is still running); a failed call is forgotten at once so the next caller tries again.
 */
export function cached<A extends unknown[], T>(
  load: (...args: A) => Promise<T>,
  ttlMs: number,
  now: () => number = Date.now,
): (...args: A) => Promise<T> {
  let entry: { value: Promise<T>; expiresAt: number } | undefined;
  return (...args) => {
    if (entry !== undefined && now() < entry.expiresAt) return entry.value;
    const current = { value: load(...args), expiresAt: now() + ttlMs };
    entry = current;
    current.value.catch(() => {
      if (entry === current) entry = undefined;
    });
    return current.value;
  };
}
