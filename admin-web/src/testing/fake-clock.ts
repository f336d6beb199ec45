import type { Clock } from '../core/timing/clock';

interface Timer {
  at: number;
  id: number;
  callback: () => void;
}

/** A Clock whose time only moves when a spec calls tick(); timers fire in time order. */
export class FakeClock implements Clock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), id, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward by ms, firing every timer that falls due on the way. */
  tick(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.values()]
        .filter((timer) => timer.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers.delete(due.id);
      this.time = due.at;
      due.callback();
    }
    this.time = end;
  }

  pendingTimers(): number {
    return this.timers.size;
  }
}

/** Lets pending promise callbacks (a fetch that resolved, the code awaiting it) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => globalThis.setTimeout(resolve, 0));
}
