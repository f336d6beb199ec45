import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { CheckpointMovedError, type ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';
import { classifyStoreError } from '@pagelog/storage/store-errors';
import type { Projection } from './projection';
import { HandlerFailure, LogRunner, type ProjectorLogger } from './log-runner';
import { REACTOR_EFFECTS, ReactorRunner, type Reactor, type ReactorRunnerOptions } from './reactor';
import { startReactorsAtHead } from '@pagelog/storage/reactors/start-at-head';
import { searchTargets, type SearchIndex } from '@pagelog/storage/search-index/search-index';
import { SearchIndexRunner } from '../search/search-indexer';
import { shadowName, shadowProjection } from './shadow-projection';

export type { ProjectorLogger, RunnerState } from './log-runner';

export interface ProjectorOptions extends ReactorRunnerOptions {
  projections: Projection[];
  /** Side effects from the log, run beside the projections (see reactor.ts). */
  reactors?: Reactor[];
  /** Batch size of a rebuild, which reads the log once for every projection it rebuilds. */
  rebuildBatchSize?: number;
  /**
   * The site search's index: when given, one runner per target (public, admin) feeds it from the
   * log beside the projections (see search/search-indexer.ts). It is never rebuilt here: a
   * reindex is a job asked for through the log.
   */
  searchIndex?: SearchIndex;
  /** Pages a reindex takes in per step, and the pause after each (see SearchIndexerOptions). */
  reindexChunkSize?: number;
  reindexPauseMs?: number;
}

/** Which version of each projection wrote the read models (see Projection.version). */
export const PROJECTION_VERSIONS = 'projection_versions';

const silent: ProjectorLogger = { info() {}, error() {} };

/**
 * Runs one projection: reads the global log from its checkpoint in batches and commits each
 * batch's read-model changes together with the new checkpoint. It sleeps when caught up and
 * wakes on append. A handler that throws stops it at that event (earlier events of the batch
 * are committed), records the error with the checkpoint, and retries with back-off.
 */
export class ProjectionRunner extends LogRunner {
  constructor(
    readonly projection: Projection,
    private readonly options: ProjectorOptions,
  ) {
    super('projection', projection.name, options);
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  /** The collections whose history the commits keep (decision 0005). */
  private get temporal(): string[] {
    return this.projection.collections.filter((c) => c.temporal).map((c) => c.name);
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
              uow.at(event.position);
              await this.projection.apply(event, uow);
            } catch (error) {
              throw new HandlerFailure(event, error);
            }
          }
        },
        { prefetch: this.projection.prefetch?.(relevant), expectedPosition: from, temporal: this.temporal },
      );
      if ((this.attempts > 0 || wasFailing) && this.state !== 'store-unreachable') {
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
            for (const event of before) {
              uow.at(event.position);
              await this.projection.apply(event, uow);
            }
          },
          { expectedPosition: from, temporal: this.temporal },
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
}

/** All projections of a process, woken together by the event store's subscription. */
export class Projector {
  readonly runners: ProjectionRunner[];
  readonly reactorRunners: ReactorRunner[];
  readonly searchRunners: SearchIndexRunner[];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: ProjectorOptions) {
    this.runners = options.projections.map((p) => new ProjectionRunner(p, options));
    this.reactorRunners = (options.reactors ?? []).map((r) => new ReactorRunner(r, options));
    const { searchIndex } = options;
    this.searchRunners = searchIndex ? searchTargets.map((target) => new SearchIndexRunner(target, { ...options, searchIndex })) : [];
  }

  /** Every follower of the log this process runs besides the projections' rebuilds. */
  private get allRunners(): (ProjectionRunner | ReactorRunner | SearchIndexRunner)[] {
    return [...this.runners, ...this.reactorRunners, ...this.searchRunners];
  }

  runner(name: string): ProjectionRunner {
    const runner = this.runners.find((r) => r.projection.name === name);
    if (!runner) throw new Error(`unknown projection "${name}" (known: ${this.runners.map((r) => r.projection.name).join(', ')})`);
    return runner;
  }

  /** Creates the collections and their indexes. */
  async prepare(): Promise<void> {
    for (const p of this.options.projections) {
      for (const c of p.collections) await this.options.readModels.ensureCollection(c.name, c.indexes, { temporal: c.temporal === true });
    }
    const reactors = this.options.reactors ?? [];
    if (reactors.length > 0) {
      await this.options.readModels.ensureCollection(REACTOR_EFFECTS);
      await startReactorsAtHead(this.options.eventStore, this.options.readModels, reactors.map((r) => r.name));
    }
    await this.options.searchIndex?.init();
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
    const all = this.allRunners;
    this.unsubscribe = this.options.eventStore.subscribe(() => {
      for (const r of all) r.wake();
    });
    for (const r of all) r.start();
  }

  /**
   * Before a graceful stop: waits (at most `timeoutMs`) for the projections, reactors and search
   * index runners to reach the log's head as it is now, so the mails of the last commands go out
   * (and their pages are searchable) before the process ends.
   */
  async settle(timeoutMs = 5_000): Promise<void> {
    const names = this.allRunners.map((r) => r.name);
    const head = await this.options.eventStore.headPosition();
    await this.options.readModels.waitForCheckpoints(names, head, timeoutMs);
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all(this.allRunners.map((r) => r.stop()));
  }

  /** Runs every projection, then the search index (if any), to the head once (tests, seeding, the CLI). */
  async catchUp(): Promise<void> {
    await this.prepare();
    await this.upgrade();
    for (const r of this.runners) await r.catchUp();
    for (const r of this.searchRunners) await r.catchUp();
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
