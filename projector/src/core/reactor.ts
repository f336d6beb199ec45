import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { CheckpointMovedError } from '@pagelog/storage/read-model-store/read-model-store';
import { classifyStoreError } from '@pagelog/storage/store-errors';
import { Lease, type LeaseHeartbeat } from './lease';
import { HandlerFailure, LogRunner, type LogRunnerOptions } from './log-runner';

export const DEFAULT_LEASE_MS = 15_000;

/** This process no longer holds the reactor's lease: it stops before the next effect. */
class LeaseLost extends Error {
  constructor() {
    super('the reactor lease passed to another process');
  }
}

/** The effects a reactor has carried out, by `${reactor}:${key}` (one document each). */
export const REACTOR_EFFECTS = 'reactor_effects';

export interface ReactorEffects {
  /**
   * Runs `effect` unless the effect with this key (unique per event and recipient, say) has run
   * already, and records it once it has. A crash between the effect and its record runs it again
   * (at least once); the key also goes with the effect where its receiver can use it (a mail's
   * Message-ID), so a duplicate is recognisable.
   */
  once(key: string, effect: () => Promise<void>): Promise<void>;
}

/**
 * A named side effect of the log (mails now; renditions, notifications, scheduled publishing
 * next). Like a projection it follows the global log from its own checkpoint, but what it does
 * happens outside the read models, so it is never rebuilt or replayed: a reactor that has never
 * run starts at the head of the log (startReactorsAtHead).
 */
export interface Reactor {
  name: string;
  handles: readonly string[];
  /** The projections whose read models it reads: it never acts on an event they have not taken in. */
  reads: readonly string[];
  react(event: RecordedEvent, effects: ReactorEffects): Promise<void>;
  /**
   * Work that comes due with time rather than with an event (bytes deleted a day after their
   * file): run by the active instance whenever it finds itself at the head of the log, so the
   * read models it `reads` have taken in what was written before. It decides how often to act;
   * what it throws stops the reactor with the error visible, like a failing event.
   */
  atHead?(): Promise<void>;
}

export interface ReactorRunnerOptions extends LogRunnerOptions {
  /** How long one process's claim to run a reactor lasts without renewal (default 15 s). */
  leaseMs?: number;
  /** How long a batch waits for the read models it reads to take its events in (default 2 s). */
  readModelWaitMs?: number;
}

/**
 * Runs one reactor: one active instance among all processes (a lease in the read-model store,
 * renewed before every event; the others stand by), its effects at least once and once per key,
 * its checkpoint moved after each event it handled. A handler that throws stops it at that event
 * with the error visible in the status, and it retries with back-off.
 */
export class ReactorRunner extends LogRunner {
  private readonly lease: Lease;

  constructor(
    readonly reactor: Reactor,
    private readonly options: ReactorRunnerOptions,
  ) {
    // Looks at the log (and so renews its lease) well within the lease, even when idle.
    super('reactor', reactor.name, { ...options, pollMs: Math.min(options.pollMs ?? 5_000, (options.leaseMs ?? DEFAULT_LEASE_MS) / 3) });
    this.lease = new Lease(options.readModels, reactor.name, options.leaseMs ?? DEFAULT_LEASE_MS);
  }

  /** True when this process runs the reactor now; otherwise it stands by. */
  private async lead(): Promise<boolean> {
    const leading = await this.lease.acquire();
    if (!leading) this.enter('standby');
    else if (this.state === 'standby') this.enter('catching-up');
    return leading;
  }

  async runBatch(): Promise<number> {
    const { readModels, eventStore } = this.options;
    if (!(await this.lead())) return 0;
    const checkpoint = await readModels.getCheckpoint(this.name);
    let events = await eventStore.readAll({ after: checkpoint.position, limit: this.options.batchSize ?? 500 });
    if (events.length === 0) {
      if (this.reactor.atHead) {
        await this.reactor.atHead();
        // It failed before and works now: the error goes from the status.
        if (this.attempts > 0 || checkpoint.error) await readModels.recordError(this.name, null);
      }
      return 0;
    }
    const { reads } = this.reactor;
    if (reads.length > 0) {
      await readModels.waitForCheckpoints([...reads], events[events.length - 1]!.position, this.options.readModelWaitMs ?? 2_000);
      const seen = Math.min(...(await Promise.all(reads.map((r) => readModels.getCheckpoint(r)))).map((c) => c.position));
      events = events.filter((e) => e.position <= seen);
      if (events.length === 0) return 0;
    }
    let from = checkpoint.position;
    const moveTo = async (position: number) => {
      if (position <= from) return;
      await readModels.commit(this.name, position, async () => {}, { expectedPosition: from });
      from = position;
    };
    const handled = new Set(this.reactor.handles);
    try {
      for (const event of events) {
        if (!this.isRunning) break;
        if (!handled.has(event.type)) continue;
        // Renewed before each event: a process that lost its lease (paused too long) stops here.
        if (!(await this.lead())) break;
        // And kept while the event's effects run (a slow mail server, many recipients), so it
        // does not run out under a running effect and let a standby process start the same one.
        const heartbeat = this.lease.keep();
        try {
          await this.reactor.react(event, this.effects(() => from, heartbeat));
        } catch (error) {
          if (error instanceof LeaseLost) {
            this.enter('standby');
            break;
          }
          if (classifyStoreError(error) ?? classifyStoreError((error as { cause?: unknown }).cause)) throw error;
          throw new HandlerFailure(event, error);
        } finally {
          heartbeat.stop();
        }
        await moveTo(event.position);
      }
      if (this.isRunning && this.state !== 'standby') await moveTo(events[events.length - 1]!.position);
    } catch (error) {
      if (!(error instanceof CheckpointMovedError)) throw error;
      this.options.logger?.info({ reactor: this.name, expected: error.expectedPosition, actual: error.actualPosition }, 'checkpoint moved by another writer');
    }
    if (this.attempts > 0) this.options.logger?.info({ reactor: this.name, position: from }, 'reactor recovered');
    return events.length;
  }

  private effects(checkpoint: () => number, heartbeat: LeaseHeartbeat): ReactorEffects {
    const { readModels } = this.options;
    return {
      once: async (key, effect) => {
        const id = `${this.name}:${key}`;
        if (await readModels.get(REACTOR_EFFECTS, id)) return;
        // Only while this process holds the reactor: after a pause longer than the lease another
        // process may have taken over, and it does this effect.
        if (heartbeat.lost || !(await this.lease.acquire())) throw new LeaseLost();
        await effect();
        const at = checkpoint();
        await readModels.commit(this.name, at, async (uow) => uow.put(REACTOR_EFFECTS, id, { reactor: this.name, doneAt: new Date().toISOString() }), {
          expectedPosition: at,
        });
      },
    };
  }

  protected override async stopped(): Promise<void> {
    // Handed over at once: a process standing by takes over without waiting out the lease.
    await this.lease.release().catch(() => {});
  }
}
