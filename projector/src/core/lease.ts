import { randomUUID } from 'node:crypto';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/** A renewal running in the background while a long piece of work goes on. */
export interface LeaseHeartbeat {
  /** True once a renewal found the lease held by another process. */
  readonly lost: boolean;
  stop(): void;
}

/**
 * One process's claim to run something that must run once among all processes (a reactor, a
 * search-index target): a lease in the read-model store, taken or renewed by `acquire`, kept
 * alive by a heartbeat during long work, and handed over at once by `release`.
 */
export class Lease {
  /** This process's name in the lease (and in any fence kept with it). */
  readonly holder = randomUUID();

  constructor(
    private readonly readModels: ReadModelStore,
    readonly name: string,
    readonly ttlMs: number,
  ) {}

  /** True when this process holds the lease now (it was free, expired, or already ours). */
  acquire(): Promise<boolean> {
    return this.readModels.acquireLease(this.name, this.holder, this.ttlMs);
  }

  release(): Promise<void> {
    return this.readModels.releaseLease(this.name, this.holder);
  }

  /** Renews the lease every third of its time until stopped; `lost` once a renewal failed. */
  keep(): LeaseHeartbeat {
    let lost = false;
    const timer = setInterval(() => {
      this.acquire().then(
        (held) => {
          if (!held) lost = true;
        },
        () => {
          // The store is away: the next renewal, or the check before the next step, tells.
        },
      );
    }, Math.max(50, Math.floor(this.ttlMs / 3)));
    return {
      get lost() {
        return lost;
      },
      stop: () => clearInterval(timer),
    };
  }
}
