import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { CheckpointMovedError, type ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { classifyStoreError } from '@pagelog/storage/store-errors';
import type { Projection } from './projection';
import { shadowName, shadowProjection } from './shadow-projection';

export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ProjectorOptions {
  eventStore: EventStore;
  readModels: ReadModelStore;
  projections: Projection[];
  logger?: ProjectorLogger;
  batchSize?: number;
  /** Batch size of a rebuild, which reads the log once for every projection it rebuilds. */
  rebuildBatchSize?: number;
  /** First retry delay after a handler throws; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * The longest wait between tries while a store cannot be reached (default 5 s). A wake-up (the
   * event store's listener coming back, a new event) cuts the wait short.
   */
  maxStoreBackoffMs?: number;
  /**
   * How often an idle projection looks at the log anyway (default 5 s), in case a wake-up was
   * lost with a connection. The pending look also keeps the process alive while it waits.
   */
  pollMs?: number;
}

/** What a runner is doing, for the log and the status. */
export type RunnerState = 'starting' | 'idle' | 'catching-up' | 'store-unreachable' | 'handler-failing' | 'stopped';

/** Which version of each projection wrote the read models (see Projection.version). */
export const PROJECTION_VERSIONS = 'projection_versions';

const silent: ProjectorLogger = { info() {}, error() {} };

/** Thrown out of a batch to say which event the handler could not apply. */
class HandlerFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

/**
 * Runs one projection: reads the global log from its checkpoint in batches and commits each
 * batch's read-model changes together with the new checkpoint. It sleeps when caught up and
 * wakes on append. A handler that throws stops it at that event (earlier events of the batch
 * are committed), records the error with the checkpoint, and retries with back-off.
 */
export class ProjectionRunner {
  private running = false;
  private currentState: RunnerState = 'stopped';
  /** The pending sleep: idle (until woken) or a back-off (until its timer, or stop). */
  private sleeper: { resolve: () => void; idle: boolean } | null = null;
  private pendingWake = false;
  private attempts = 0;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly projection: Projection,
    private readonly options: ProjectorOptions,
  ) {}

  private get batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  /** Applies one batch; returns how many events of the log it moved past (0 = caught up). */
  async runBatch(): Promise<number> {
    const checkpoint = await this.options.readModels.getCheckpoint(this.projection.name);
    const events = await this.options.eventStore.readAll({ after: checkpoint.position, limit: this.batchSize });
    if (events.length === 0) return 0;
    try {
      await this.applyBatch(events, checkpoint.position, checkpoint.error !== null);
    } catch (error) {
      if (!(error instanceof CheckpointMovedError)) throw error;
      // Another writer (a rebuild, a second projector) moved on meanwhile: read again from there.
      this.options.logger?.info({ projection: this.projection.name, expected: error.expectedPosition, actual: error.actualPosition }, 'checkpoint moved by another writer');
    }
    return events.length;
  }

  /**
   * Applies events that follow this projection's checkpoint `from` and moves the checkpoint to the
   * last of them, in one commit that fails with CheckpointMovedError if the checkpoint is no
   * longer at `from`. If a handler throws, the events before the failing one are committed on
   * their own and the failure is thrown.
   */
  async applyBatch(events: RecordedEvent[], from: number, wasFailing = false): Promise<void> {
    const { readModels } = this.options;
    const { name } = this.projection;
    const handled = new Set(this.projection.handles);
    const relevant = events.filter((e) => handled.has(e.type));
    const last = events[events.length - 1]!;
    try {
      await readModels.commit(
        name,
        last.position,
        async (uow) => {
          for (const event of relevant) {
            try {
              await this.projection.apply(event, uow);
            } catch (error) {
              throw new HandlerFailure(event, error);
            }
          }
        },
        { prefetch: this.projection.prefetch?.(relevant), expectedPosition: from },
      );
      if ((this.attempts > 0 || wasFailing) && this.currentState !== 'store-unreachable') {
        this.options.logger?.info({ projection: name, position: last.position }, 'projection recovered');
      }
      this.attempts = 0;
    } catch (error) {
      if (!(error instanceof HandlerFailure)) throw error;
      // Keep the events before the failing one: commit them on their own, then stop there.
      const before = relevant.filter((e) => e.position < error.event.position);
      const upTo = events.filter((e) => e.position < error.event.position).pop();
      if (upTo) {
        await readModels.commit(
          name,
          upTo.position,
          async (uow) => {
            for (const event of before) await this.projection.apply(event, uow);
          },
          { expectedPosition: from },
        );
      }
      throw error;
    }
  }

  /** Runs batches until the projection has reached the head of the log. */
  async catchUp(onProgress?: (position: number) => void): Promise<void> {
    for (;;) {
      const moved = await this.runBatch();
      if (moved === 0) return;
      if (onProgress) onProgress((await this.options.readModels.getCheckpoint(this.projection.name)).position);
    }
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Moves the runner to `state`, logging the changes an operator cares about. (The status
   * endpoint derives each projection's state from its checkpoint, which any process can read.)
   */
  private enter(state: RunnerState, problem: string | null = null): void {
    if (state === this.currentState) return;
    const previous = this.currentState;
    this.currentState = state;
    const { logger = silent } = this.options;
    const fields = { projection: this.projection.name, state, previous };
    if (state === 'store-unreachable') (logger.warn ?? logger.error).call(logger, { ...fields, problem }, 'projection cannot reach its store; retrying until it can');
    else if (previous === 'store-unreachable' || previous === 'handler-failing') logger.info(fields, 'projection running again');
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    // Ends any sleep, a back-off included, so stopping never waits out a retry delay.
    this.endSleep();
    await this.loop;
    this.loop = null;
  }

  /**
   * New events exist, or the store is back: run now if idle or waiting out store trouble (a
   * back-off after a handler failure is not cut short).
   */
  wake(): void {
    this.pendingWake = true;
    if (this.sleeper?.idle || this.currentState === 'store-unreachable') this.endSleep();
  }

  private endSleep(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const sleeper = this.sleeper;
    this.sleeper = null;
    sleeper?.resolve();
  }

  /**
   * Waits `ms` (always a real timer, so a waiting runner keeps the process alive), or until woken
   * when `idle`.
   */
  private sleep(ms: number, idle = false): Promise<void> {
    return new Promise((resolve) => {
      if (!this.running || (idle && this.pendingWake)) return resolve();
      this.sleeper = { resolve, idle };
      this.timer = setTimeout(() => this.endSleep(), ms);
    });
  }

  private async run(): Promise<void> {
    const { logger = silent, readModels } = this.options;
    const { name } = this.projection;
    this.enter('starting', null);
    while (this.running) {
      this.pendingWake = false;
      try {
        const moved = await this.runBatch();
        this.attempts = 0;
        if (!this.running) break;
        this.enter(moved === 0 ? 'idle' : 'catching-up', null);
        if (moved === 0) await this.sleep(this.options.pollMs ?? 5_000, true);
      } catch (error) {
        if (!this.running) break;
        this.attempts += 1;
        const trouble = error instanceof HandlerFailure ? null : classifyStoreError(error) ?? classifyStoreError((error as { cause?: unknown }).cause);
        if (trouble) {
          // The store is away: nothing to record, nowhere to record it. Try again soon, and at
          // once when woken (the event store's listener is back).
          this.enter('store-unreachable', `${trouble.kind}: ${trouble.advice}`);
          await this.sleep(Math.min(250 * 2 ** Math.min(this.attempts - 1, 10), this.options.maxStoreBackoffMs ?? 5_000));
          continue;
        }
        const base = this.options.backoffMs ?? 200;
        const delay = Math.min(base * 2 ** (this.attempts - 1), this.options.maxBackoffMs ?? 30_000);
        const failure = error instanceof HandlerFailure ? error : null;
        const checkpoint = await readModels.getCheckpoint(name).catch(() => null);
        const record = {
          position: failure?.event.position ?? (checkpoint ? checkpoint.position + 1 : 0),
          eventType: failure?.event.type ?? '',
          message: failure ? failure.message : error instanceof Error ? error.message : String(error),
          attempts: this.attempts,
          nextRetryAt: new Date(Date.now() + delay).toISOString(),
        };
        this.enter('handler-failing', record.message);
        logger.error({ projection: name, ...record, err: failure?.original ?? error }, 'projection stopped at an event; retrying');
        await readModels.recordError(name, record).catch(() => {});
        await this.sleep(delay);
      }
    }
    this.enter('stopped', null);
  }
}

/** All projections of a process, woken together by the event store's subscription. */
export class Projector {
  readonly runners: ProjectionRunner[];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: ProjectorOptions) {
    this.runners = options.projections.map((p) => new ProjectionRunner(p, options));
  }

  runner(name: string): ProjectionRunner {
    const runner = this.runners.find((r) => r.projection.name === name);
    if (!runner) throw new Error(`unknown projection "${name}" (known: ${this.runners.map((r) => r.projection.name).join(', ')})`);
    return runner;
  }

  /** Creates the collections and their indexes. */
  async prepare(): Promise<void> {
    for (const p of this.options.projections) {
      for (const c of p.collections) await this.options.readModels.ensureCollection(c.name, c.indexes);
    }
  }

  /**
   * Rebuilds every projection whose read models an older version of it wrote (a store from
   * before an upgrade), then records the versions now in place. A store without a record counts
   * as version 1; an empty one needs no rebuild. The rebuild is the one `rebuild` does, beside the
   * old read models, so another process still serving them (a rolling upgrade) keeps serving.
   */
  async upgrade(): Promise<string[]> {
    const { readModels } = this.options;
    await readModels.ensureCollection(PROJECTION_VERSIONS);
    const stale: string[] = [];
    for (const p of this.options.projections) {
      const [doc, checkpoint] = await Promise.all([readModels.get<{ version: number }>(PROJECTION_VERSIONS, p.name), readModels.getCheckpoint(p.name)]);
      const written = doc?.version ?? (checkpoint.position === 0 ? p.version : 1);
      if (written !== p.version) stale.push(p.name);
    }
    if (stale.length > 0) {
      this.options.logger?.info({ projections: stale }, 'rebuilding projections written by an older version');
      await this.rebuild(stale);
    }
    for (const p of this.options.projections) {
      const doc = await readModels.get<{ version: number }>(PROJECTION_VERSIONS, p.name);
      if (doc?.version === p.version) continue;
      const { position } = await readModels.getCheckpoint(p.name);
      await readModels
        .commit(p.name, position, async (uow) => uow.put(PROJECTION_VERSIONS, p.name, { version: p.version }), { expectedPosition: position })
        .catch((error: unknown) => {
          // Another process recorded it (or moved the checkpoint) meanwhile; the next start records it.
          if (!(error instanceof CheckpointMovedError)) throw error;
        });
    }
    return stale;
  }

  async start(): Promise<void> {
    // A projector may start before its database does: it waits for it rather than exit.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.prepare();
        await this.upgrade();
        break;
      } catch (error) {
        const trouble = classifyStoreError(error) ?? classifyStoreError((error as { cause?: unknown }).cause);
        if (!trouble) throw error;
        const { logger = silent } = this.options;
        (logger.warn ?? logger.error).call(logger, { problem: trouble.advice, attempt }, 'projector waiting for its store');
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** Math.min(attempt - 1, 10), this.options.maxStoreBackoffMs ?? 5_000)));
      }
    }
    this.unsubscribe = this.options.eventStore.subscribe(() => {
      for (const r of this.runners) r.wake();
    });
    for (const r of this.runners) r.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all(this.runners.map((r) => r.stop()));
  }

  /** Runs every projection to the head once (tests, seeding, the CLI). */
  async catchUp(): Promise<void> {
    await this.prepare();
    await this.upgrade();
    for (const r of this.runners) await r.catchUp();
  }

  /**
   * Rebuilds the named projections without taking their read models away: each is replayed from
   * the start of the log into shadow collections beside the live ones (one read of each batch of
   * the log for all of them), caught up to the head, and swapped in atomically. Reads go on from
   * the live read models throughout and never see an emptier state than before. A shadow left by
   * an interrupted rebuild is cleared first; one that fails (a handler throws) leaves the live read
   * models as they were.
   */
  async rebuild(names: string | string[], onProgress?: (position: number, head: number) => void): Promise<void> {
    const live = [...new Set(Array.isArray(names) ? names : [names])].map((name) => this.runner(name));
    const shadows = live.map((r) => new ProjectionRunner(shadowProjection(r.projection), this.options));
    await this.prepare();
    for (const shadow of shadows) {
      await this.options.readModels.reset(shadow.projection.name, shadow.projection.collections.map((c) => c.name));
    }
    await this.replay(shadows, onProgress);
    for (const [i, runner] of live.entries()) await this.swapIn(runner, shadows[i]!, onProgress);
  }

  /**
   * Replays the log, up to the head as it is now, into freshly reset runners, reading each batch
   * once for all of them. What is appended meanwhile is left to the catch-up before the swap.
   */
  private async replay(runners: ProjectionRunner[], onProgress?: (position: number, head: number) => void): Promise<void> {
    const head = await this.options.eventStore.headPosition();
    // Every runner follows the shared read of the log while its checkpoint is where the previous
    // batch left it; one that another writer moved (a second rebuild of the same projection)
    // catches up on its own before it is swapped in.
    let inStep = runners;
    let after = 0;
    while (after < head && inStep.length > 0) {
      const events = await this.options.eventStore.readAll({ after, limit: this.options.rebuildBatchSize ?? 20_000 });
      if (events.length === 0) break;
      const next: ProjectionRunner[] = [];
      for (const runner of inStep) {
        try {
          await runner.applyBatch(events, after);
          next.push(runner);
        } catch (error) {
          if (!(error instanceof CheckpointMovedError)) throw error;
        }
      }
      inStep = next;
      after = events[events.length - 1]!.position;
      onProgress?.(after, Math.max(head, after));
      // A synchronous store (SQLite) would otherwise hold the event loop for the whole replay,
      // and the requests this process serves would wait for the end of the rebuild.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Catches the shadow up to the head and swaps it in. The swap only succeeds while the shadow is
   * at or past the live checkpoint, so it is tried until the live runner, which keeps following
   * the log meanwhile, has not got ahead. This process's own live runner is paused for the last
   * short catch-up and the swap, so they cannot lose that race; a live runner in another process
   * (the server, while the CLI rebuilds) is outrun instead, and finds its checkpoint moved.
   */
  private async swapIn(live: ProjectionRunner, shadow: ProjectionRunner, onProgress?: (position: number, head: number) => void): Promise<void> {
    const { readModels, eventStore } = this.options;
    const pairs = live.projection.collections.map((c) => ({ live: c.name, shadow: shadowName(c.name) }));
    for (let attempt = 1; attempt <= SWAP_ATTEMPTS; attempt++) {
      // Most of the way without pausing anything: the live read models keep serving and following.
      await this.follow(shadow, await eventStore.headPosition());
      const paused = live.isRunning;
      const started = this.unsubscribe !== null;
      if (paused) await live.stop();
      let swapped: boolean;
      try {
        await this.follow(shadow, await eventStore.headPosition());
        swapped = await readModels.swap(live.projection.name, shadow.projection.name, pairs);
      } finally {
        // Not if the projector was stopped meanwhile (the server shutting down): it stays stopped.
        if (paused && (!started || this.unsubscribe !== null)) live.start();
      }
      if (swapped) {
        const { position } = await readModels.getCheckpoint(live.projection.name);
        onProgress?.(position, Math.max(position, await eventStore.headPosition()));
        this.options.logger?.info({ projection: live.projection.name, position, attempt }, 'rebuilt projection swapped in');
        return;
      }
    }
    throw new Error(
      `rebuilt ${live.projection.name} could not be swapped in: its live checkpoint was ahead of the rebuild on each of ${SWAP_ATTEMPTS} tries `
        + '(another projector of it is running and the log is busy); the live read models are unchanged, try again',
    );
  }

  /**
   * Runs the runner's batches until a read finds nothing new. While writers keep the head moving
   * it stops a few reads past `target` (the head when it began) instead: a log that grows about as
   * fast as it is read would otherwise be chased for as long as they write.
   */
  private async follow(runner: ProjectionRunner, target: number): Promise<void> {
    for (let past = 0; ; ) {
      if ((await runner.runBatch()) === 0) return;
      const { position } = await this.options.readModels.getCheckpoint(runner.projection.name);
      if (position >= target && ++past >= FOLLOW_PAST_TARGET) return;
    }
  }
}

/**
 * How often a rebuild tries to swap in before it gives up. Each try is cheap (the events since the
 * last one), and one loses only when another process's live runner has just handled an event the
 * shadow had not read yet.
 */
const SWAP_ATTEMPTS = 20;

/** How many reads past its target a catch-up makes while the log keeps growing. */
const FOLLOW_PAST_TARGET = 3;
