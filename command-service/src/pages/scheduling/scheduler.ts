import { randomUUID } from 'node:crypto';
import { DomainError, StoreUnavailableError, BusyError } from '@pagelog/contracts/domain-errors';
import type { ScheduleDoc } from '@pagelog/contracts/pages/schedules';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Logger } from 'pino';
import { commandContext } from '../../core/command-context';
import type { PagesDeps } from '../pages-deps';
import { recordScheduleFailure, runSchedule } from '../publication/commands';

/** The lease that keeps one scheduler running among the processes that could. */
export const SCHEDULER_LEASE = 'page-scheduler';

/** How many due schedules one round carries out at most; the next round goes on at once. */
const ROUND = 20;

/** When a failed schedule is tried again: 1, 2, 4 … minutes after the failure, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempt - 1));
}

export interface SchedulerOptions {
  deps: PagesDeps;
  readModels: ReadModelStore;
  clock: () => number;
  /** How often it looks for due schedules (PAGELOG_SCHEDULER_INTERVAL_MS, 15 s by default). */
  intervalMs: number;
  /** How long the lease lasts without renewal (PAGELOG_REACTOR_LEASE_MS, as the reactors'). */
  leaseMs: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface Scheduler {
  /** One round: carries out what is due now (when this process holds the lease); answers how many were carried out or recorded as failed. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Scheduled publishing and unpublishing (issue 17): every `intervalMs`, the process holding the
 * lease reads the schedules due by its clock (page_schedules by dueAt) and carries each out on
 * the page's stream: the publication and the record of it in one append, decided by the page's
 * own events (a schedule cancelled or changed meanwhile does nothing). A schedule due while no
 * process ran is due at the first round after start. A schedule that cannot be carried out (the
 * page's rules refuse it) is recorded as failed with its error and tried again later; the mails
 * reactor tells the person who scheduled it. A store that is away is simply tried next round.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const holder = `scheduler-${randomUUID()}`;
  const { deps, readModels: store, clock, logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function carryOut(doc: ScheduleDoc, now: number): Promise<void> {
    const context = commandContext('system', `schedule-${doc.scheduleId}-${doc.attempts}`, new Date(now));
    try {
      await runSchedule(deps, doc.pageId, { scheduleId: doc.scheduleId, action: doc.action }, context);
    } catch (error) {
      if (!(error instanceof DomainError) || error instanceof StoreUnavailableError || error instanceof BusyError) throw error;
      const item = error.items[0];
      const retryAt = new Date(now + retryDelayMs(doc.attempts + 1)).toISOString();
      logger?.warn({ scheduleId: doc.scheduleId, pageId: doc.pageId, code: item?.code, retryAt }, 'scheduled change failed');
      await recordScheduleFailure(deps, doc.pageId, { scheduleId: doc.scheduleId, action: doc.action, code: item?.code ?? 'G_01', message: item?.message ?? error.message, retryAt }, context);
    }
  }

  async function round(): Promise<number> {
    // Held across rounds: renewed each round, and lasting three of them, so standbys wait.
    if (!(await store.acquireLease(SCHEDULER_LEASE, holder, Math.max(options.leaseMs, 3 * options.intervalMs)))) return 0;
    let done = 0;
    for (;;) {
      const now = clock();
      const due = await store.find<ScheduleDoc>(readModels.pageSchedules.collection, {
        range: { dueAt: { lte: new Date(now).toISOString() } },
        orderBy: { field: 'dueAt', direction: 'asc' },
        limit: ROUND,
      });
      for (const doc of due) {
        if (stopped) return done;
        await carryOut(doc, now);
        done += 1;
      }
      if (due.length < ROUND) return done;
      // A full round: wait until the read model has taken in what this round wrote, then go on.
      await store.waitForCheckpoints([readModels.pages.projection], await deps.store.headPosition(), 2_000);
    }
  }

  function tick(): Promise<number> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => logger?.warn({ err: error }, 'scheduler round failed; trying again next round'))
        .finally(schedule);
    }, options.intervalMs);
    timer.unref?.();
  }

  // The first round at once: what fell due while no process ran happens at start.
  void tick()
    .catch((error: unknown) => logger?.warn({ err: error }, 'scheduler round failed; trying again next round'))
    .finally(schedule);

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      await store.releaseLease(SCHEDULER_LEASE, holder).catch(() => undefined);
    },
  };
}
