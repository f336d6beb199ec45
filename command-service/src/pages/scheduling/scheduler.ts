import { randomUUID } from 'node:crypto';
import { DomainError, StoreUnavailableError, BusyError } from '@pagelog/contracts/domain-errors';
import type { ScheduleDoc } from '@pagelog/contracts/pages/schedules';
import { readModels } from '@pagelog/contracts/read-models';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import type { Logger } from 'pino';
import { commandContext } from '../../core/command-context';
import type { PagesDeps } from '../pages-deps';
import { recordScheduleFailure, runSchedule } from '../publication/commands';
import type { ReleaseDoc } from '@pagelog/contracts/releases/release';
import { publishReleaseNow, recordReleaseScheduleFailure } from '../../releases/commands';

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

  /** Carries one due schedule out; answers whether it appended anything (carried out, or recorded as failed). */
  async function carryOut(doc: ScheduleDoc, now: number): Promise<boolean> {
    const context = commandContext('system', `schedule-${doc.scheduleId}-${doc.attempts}`, new Date(now));
    let failure: { code: string; message: string };
    try {
      return (await runSchedule(deps, doc.pageId, { scheduleId: doc.scheduleId, action: doc.action }, context)).carriedOut;
    } catch (error) {
      // The store away: not this schedule's fault; the round stops and the next one tries again.
      if (error instanceof StoreUnavailableError || error instanceof BusyError) throw error;
      // The page's rules refuse (a domain error), or something unexpected: recorded either way, so
      // one schedule never holds up the others and no failure goes unseen.
      const item = error instanceof DomainError ? error.items[0] : undefined;
      failure = { code: item?.code ?? 'G_01', message: item?.message ?? 'The publication could not be carried out because of an unexpected error.' };
      if (!(error instanceof DomainError)) logger?.error({ err: error, scheduleId: doc.scheduleId, pageId: doc.pageId }, 'scheduled change failed unexpectedly');
    }
    const retryAt = new Date(now + retryDelayMs(doc.attempts + 1)).toISOString();
    logger?.warn({ scheduleId: doc.scheduleId, pageId: doc.pageId, code: failure.code, retryAt }, 'scheduled change failed');
    await recordScheduleFailure(deps, doc.pageId, { scheduleId: doc.scheduleId, action: doc.action, ...failure, retryAt }, context);
    return true;
  }

  /**
   * Publishes one due release (issue 17), all its pages in one append, decided on their streams
   * (a release cancelled or moved meanwhile does nothing). One that cannot go live (a page no
   * longer ready) is recorded as failed with its error and tried again later, as a page's is.
   */
  async function publishDue(doc: ReleaseDoc, now: number): Promise<boolean> {
    const schedule = doc.schedule;
    if (!schedule) return false;
    const context = commandContext('system', `release-${doc.id}-${schedule.attempts}`, new Date(now));
    let failure: { code: string; message: string };
    try {
      return (await publishReleaseNow(deps, doc.id, { scheduledAt: schedule.at }, context, { actorId: schedule.scheduledBy, isReviewer: false })).decided;
    } catch (error) {
      if (error instanceof StoreUnavailableError || error instanceof BusyError) throw error;
      const item = error instanceof DomainError ? error.items[0] : undefined;
      failure = { code: item?.code ?? 'G_01', message: item?.message ?? 'The release could not be published because of an unexpected error.' };
      if (!(error instanceof DomainError)) logger?.error({ err: error, releaseId: doc.id }, 'scheduled release failed unexpectedly');
    }
    const retryAt = new Date(now + retryDelayMs(schedule.attempts + 1)).toISOString();
    logger?.warn({ releaseId: doc.id, code: failure.code, retryAt }, 'scheduled release failed');
    await recordReleaseScheduleFailure(deps, doc.id, { at: schedule.at, ...failure, retryAt }, context);
    return true;
  }

  /** Takes or renews the lease: held across rounds, lasting three of them, so standbys wait. */
  const lease = () => store.acquireLease(SCHEDULER_LEASE, holder, Math.max(options.leaseMs, 3 * options.intervalMs));

  async function round(): Promise<number> {
    if (!(await lease())) return 0;
    let done = 0;
    // Releases first: a release names its pages' drafts, which their own schedules may change.
    const dueReleases = await store.find<ReleaseDoc>(readModels.releases.collection, {
      range: { dueAt: { gt: '', lte: new Date(clock()).toISOString() } },
      orderBy: { field: 'dueAt', direction: 'asc' },
      limit: ROUND,
    });
    for (const doc of dueReleases) {
      if (stopped) return done;
      if (await publishDue(doc, clock())) done += 1;
    }
    for (;;) {
      const now = clock();
      const due = await store.find<ScheduleDoc>(readModels.pageSchedules.collection, {
        range: { dueAt: { lte: new Date(now).toISOString() } },
        orderBy: { field: 'dueAt', direction: 'asc' },
        limit: ROUND,
      });
      let appended = 0;
      for (const doc of due) {
        if (stopped) return done;
        if (await carryOut(doc, now)) appended += 1;
      }
      done += appended;
      // A full batch that did something: once the read model has taken it in, the next batch, under
      // a renewed lease. A batch that did nothing (the read model behind) waits for the next round.
      if (due.length < ROUND || appended === 0) return done;
      if (!(await store.waitForCheckpoints([readModels.pages.projection], await deps.store.headPosition(), 2_000))) return done;
      if (!(await lease())) return done;
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
