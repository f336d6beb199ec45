import pLimit, { type LimitFunction } from 'p-limit';
import { BusyError } from '@pagelog/contracts/domain-errors';

/** How long a client refused for a full queue waits before asking again (a rendition takes about a second). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export interface MakeLimitOptions {
  /** Makes at once: each decodes an image of up to MAX_IMAGE_PIXELS, so few. */
  concurrency?: number;
  /** Makes that may wait for a free slot; a request past them is refused (BusyError). */
  maxQueue?: number;
}

/**
 * How many renditions are made at once, and how many may wait: every making (the renditions
 * reactor's, the file routes' on demand, the crop previews) runs through one of these, so a burst
 * of requests for uncached renditions cannot decode dozens of large images side by side. A caller
 * a person waits on is refused when the queue is full (503 with Retry-After); background work
 * waits its turn however long the queue.
 */
export class MakeLimit {
  private readonly limit: LimitFunction;
  private readonly maxQueue: number;

  constructor(options: MakeLimitOptions = {}) {
    this.limit = pLimit(options.concurrency ?? 2);
    this.maxQueue = options.maxQueue ?? 32;
  }

  /**
   * Runs `work` when a slot is free; the slot is held until its promise settles. With
   * `refuseWhenBusy`, throws BusyError instead of queueing when every slot is taken and the
   * queue is full.
   */
  run<T>(work: () => Promise<T>, options: { refuseWhenBusy?: boolean } = {}): Promise<T> {
    if (options.refuseWhenBusy && this.limit.activeCount >= this.limit.concurrency && this.limit.pendingCount >= this.maxQueue) {
      return Promise.reject(new BusyError(BUSY_RETRY_AFTER_SECONDS, 'too many renditions are being made'));
    }
    return this.limit(work);
  }
}
