import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { classifyStoreError } from '@pagelog/storage/store-errors';

export interface ProjectorLogger {
  info(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What every follower of the log (a projection, a reactor) is run with. */
export interface LogRunnerOptions {
  eventStore: EventStore;
  readModels: ReadModelStore;
  logger?: ProjectorLogger;
  batchSize?: number;
  /** First retry delay after a handler throws; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * The longest wait between tries while a store cannot be reached (default 5 s). A wake-up (the
   * event store's listener coming back, a new event) cuts the wait short.
   */
  maxStoreBackoffMs?: number;
  /**
   * How often an idle runner looks at the log anyway (default 5 s), in case a wake-up was lost
   * with a connection. The pending look also keeps the process alive while it waits.
   */
  pollMs?: number;
}

/** What a runner is doing, for the log and the status. */
export type RunnerState = 'starting' | 'idle' | 'catching-up' | 'standby' | 'store-unreachable' | 'handler-failing' | 'stopped';

const silent: ProjectorLogger = { info() {}, error() {} };

/** Thrown out of a batch to say which event the handler could not take in. */
export class HandlerFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

/**
 * The loop every follower of the global log shares: run a batch from the checkpoint, sleep when
 * caught up until woken (or the poll), wait out store trouble with back-off for as long as it
 * lasts, and on a handler failure record it with the checkpoint (visible to every process) and
 * retry with back-off, never skipping the event.
 */
export abstract class LogRunner {
  private running = false;
  private currentState: RunnerState = 'stopped';
  /** The pending sleep: idle (until woken) or a back-off (until its timer, or stop). */
  private sleeper: { resolve: () => void; idle: boolean } | null = null;
  private pendingWake = false;
  protected attempts = 0;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** 'projection' or 'reactor': the field its log lines name it by. */
    private readonly kind: string,
    readonly name: string,
    private readonly runnerOptions: LogRunnerOptions,
  ) {}

  /** Takes in one batch; answers how many events of the log it moved past (0 = nothing to do now). */
  abstract runBatch(): Promise<number>;

  /** Called once the loop has ended (stop). */
  protected async stopped(): Promise<void> {}

  get isRunning(): boolean {
    return this.running;
  }

  protected get state(): RunnerState {
    return this.currentState;
  }

  /**
   * Moves the runner to `state`, logging the changes an operator cares about. (The status
   * endpoint derives each runner's state from its checkpoint, which any process can read.)
   */
  protected enter(state: RunnerState, problem: string | null = null): void {
    if (state === this.currentState) return;
    const previous = this.currentState;
    this.currentState = state;
    const { logger = silent } = this.runnerOptions;
    const fields = { [this.kind]: this.name, state, previous };
    if (state === 'store-unreachable') (logger.warn ?? logger.error).call(logger, { ...fields, problem }, `${this.kind} cannot reach its store; retrying until it can`);
    else if (state === 'standby') logger.info(fields, `${this.kind} on standby: another process runs it`);
    else if (previous === 'store-unreachable' || previous === 'handler-failing' || previous === 'standby') logger.info(fields, `${this.kind} running again`);
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
    const { logger = silent, readModels } = this.runnerOptions;
    const { name } = this;
    this.enter('starting', null);
    while (this.running) {
      this.pendingWake = false;
      try {
        const moved = await this.runBatch();
        this.attempts = 0;
        if (!this.running) break;
        if (this.currentState !== 'standby') this.enter(moved === 0 ? 'idle' : 'catching-up', null);
        if (moved === 0) await this.sleep(this.runnerOptions.pollMs ?? 5_000, this.currentState !== 'standby');
      } catch (error) {
        if (!this.running) break;
        this.attempts += 1;
        const trouble = error instanceof HandlerFailure ? null : classifyStoreError(error) ?? classifyStoreError((error as { cause?: unknown }).cause);
        if (trouble) {
          // The store is away: nothing to record, nowhere to record it. Try again soon, and at
          // once when woken (the event store's listener is back).
          this.enter('store-unreachable', `${trouble.kind}: ${trouble.advice}`);
          await this.sleep(Math.min(250 * 2 ** Math.min(this.attempts - 1, 10), this.runnerOptions.maxStoreBackoffMs ?? 5_000));
          continue;
        }
        const base = this.runnerOptions.backoffMs ?? 200;
        const delay = Math.min(base * 2 ** (this.attempts - 1), this.runnerOptions.maxBackoffMs ?? 30_000);
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
        logger.error({ [this.kind]: name, ...record, err: failure?.original ?? error }, `${this.kind} stopped at an event; retrying`);
        await readModels.recordError(name, record).catch(() => {});
        await this.sleep(delay);
      }
    }
    await this.stopped();
    this.enter('stopped', null);
  }
}
