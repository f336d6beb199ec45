/**
 * What a time-travel token opened, kept for a few seconds per token and head of the log: the
 * distributed site asks the query service for each read of a render separately (page, settings,
 * menus, lists …), and the site as it will be, or a release's preview, lays the planned changes
 * over the read models anew each time it is opened. Keyed by the head, a change to the log opens
 * it afresh; a failed opening is not kept.
 */
export class MomentMemo<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 64,
    private readonly clock: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** `open`'s answer for the token at the head: kept from an opening moments ago, or opened now. */
  read(token: string, head: number, open: () => Promise<T>): Promise<T> {
    const now = this.clock();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    const key = `${head}\u0000${token}`;
    const kept = this.entries.get(key);
    if (kept) return kept.value;
    const value = open();
    this.entries.set(key, { until: now + this.ttlMs, value });
    // The oldest go first once there are too many.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
