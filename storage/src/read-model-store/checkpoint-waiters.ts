export interface CheckpointWaitersOptions {
  /** Current positions of the named checkpoints (a missing name may be left out: it reads as 0). */
  readPositions(names: string[]): Promise<Map<string, number>>;
  /** Fallback re-check while anyone waits, for commits the adapter is not told about. */
  pollIntervalMs: number;
  /**
   * Called before a waiter starts waiting; once it resolves, later commits should reach `wake()`.
   * Failures are ignored (the poll still covers them).
   */
  listen?(): Promise<void>;
}

interface Waiter {
  names: string[];
  position: number;
  settle(result: boolean | Error): void;
}

/**
 * Read-your-writes waiting shared by the read-model adapters: one check at once, then a re-check
 * whenever the adapter calls `wake()` (a commit it saw) or the poll ticks. All waiters share one
 * read per re-check, so many waiting requests cost one query, not one each.
 */
export class CheckpointWaiters {
  private readonly waiters = new Set<Waiter>();
  private poll: NodeJS.Timeout | undefined;
  private checking = false;
  private checkAgain = false;
  private closed = false;

  constructor(private readonly options: CheckpointWaitersOptions) {}

  async wait(names: string[], position: number, timeoutMs: number): Promise<boolean> {
    const unique = [...new Set(names)];
    const deadline = Date.now() + timeoutMs;
    if (unique.length === 0 || position <= 0) return true;
    if (reached(unique, position, await this.options.readPositions(unique))) return true;
    if (this.closed || Date.now() >= deadline) return false;

    if (this.options.listen) {
      const listening = this.options.listen().catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const stop = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
      await Promise.race([listening, stop]);
      clearTimeout(timer);
      if (this.closed || Date.now() >= deadline) return false;
    }

    return new Promise<boolean>((resolve, reject) => {
      const timeout = setTimeout(() => waiter.settle(false), Math.max(0, deadline - Date.now()));
      const waiter: Waiter = {
        names: unique,
        position,
        settle: (result) => {
          if (!this.waiters.delete(waiter)) return;
          clearTimeout(timeout);
          if (this.waiters.size === 0) this.stopPolling();
          if (result instanceof Error) reject(result);
          else resolve(result);
        },
      };
      this.waiters.add(waiter);
      this.startPolling();
      // A commit between the first read and now sent no wake-up to this waiter: look again.
      this.wake();
    });
  }

  /** A checkpoint may have moved: re-check every waiter with one read. */
  wake(): void {
    if (this.waiters.size === 0) return;
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    void this.check();
  }

  /** Resolves every pending waiter with false and stops the poll. */
  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.settle(false);
    this.stopPolling();
  }

  private async check(): Promise<void> {
    this.checking = true;
    try {
      do {
        this.checkAgain = false;
        const waiting = [...this.waiters];
        if (waiting.length === 0) break;
        const names = [...new Set(waiting.flatMap((w) => w.names))];
        let positions: Map<string, number>;
        try {
          positions = await this.options.readPositions(names);
        } catch (error) {
          for (const waiter of waiting) waiter.settle(error instanceof Error ? error : new Error(String(error)));
          continue;
        }
        for (const waiter of waiting) {
          if (reached(waiter.names, waiter.position, positions)) waiter.settle(true);
        }
      } while (this.checkAgain);
    } finally {
      this.checking = false;
    }
  }

  private startPolling(): void {
    this.poll ??= setInterval(() => this.wake(), this.options.pollIntervalMs);
  }

  private stopPolling(): void {
    clearInterval(this.poll);
    this.poll = undefined;
  }
}

function reached(names: string[], position: number, positions: Map<string, number>): boolean {
  return names.every((name) => (positions.get(name) ?? 0) >= position);
}
