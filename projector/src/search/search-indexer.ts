import type { RecordedEvent } from '@pagelog/contracts/events/event';
import { pageStream } from '@pagelog/contracts/events/page-events';
import type { SearchIndexEvent } from '@pagelog/contracts/events/search-events';
import { tagStream, type TagEvent } from '@pagelog/contracts/events/tag-events';
import { readModels as readModelNames } from '@pagelog/contracts/read-models';
import { lastFinishedAt, readIndexMeta, searchIndexerNames, type IndexingMeta, type SearchIndexMeta } from '@pagelog/contracts/search/index-meta';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';
import { FencedOff, type IndexWrite, type SearchDocument, type SearchIndex, type SearchTarget, type TargetState } from '@pagelog/storage/search-index/search-index';
import { classifyStoreError } from '@pagelog/storage/store-errors';
import { Lease, type LeaseHeartbeat } from '../core/lease';
import { HandlerFailure, LogRunner } from '../core/log-runner';
import { DEFAULT_LEASE_MS, type ReactorRunnerOptions } from '../core/reactor';
import { pageTagIds, searchDocuments, type TagInfo } from './search-document';
import { isJob, pageOf, tagInfo } from './indexed-events';
import { readWholeReleases } from '../core/whole-releases';

export interface SearchIndexerOptions extends ReactorRunnerOptions {
  searchIndex: SearchIndex;
  /** Pages a full reindex takes in per step, between batches of the log (default 200). */
  reindexChunkSize?: number;
  /**
   * A pause after each chunk of a reindex, in ms (default 0: only a turn of the event loop), to
   * spare a busy database; publications still go in between chunks, at most this much later.
   */
  reindexPauseMs?: number;
  /** How long a reindex request waits for the pages read model to reach it before it retries (default 10 s). */
  pagesWaitMs?: number;
}

function isStoreTrouble(error: unknown): boolean {
  return (classifyStoreError(error) ?? classifyStoreError((error as { cause?: unknown }).cause)) !== null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** This process lost the lease during a batch: it writes nothing more and stands by. */
class LeaseLost extends Error {}

/**
 * Feeds one search-index target from the global log, from the target's own checkpoint in the
 * index (moved in the same write as the documents). For each batch it takes the pages the
 * batch's events change (and those carrying a renamed or merged tag), reads each one's stream
 * once (its current state, never older than the event) and puts or removes its document, in the
 * active generation and in the one a reindex is building. One active instance among processes
 * (a lease `search-index:<target>`); the checkpoint is also copied to the read-model store under
 * that name, so the status, `settle` and the error record treat it like a reactor.
 *
 * Jobs come as events of the `search-index` stream. A reindex fills a new generation with every
 * page, in page-id order from the pages read model, a chunk between batches of the log, its
 * progress (cursor, done, total) written with each chunk, so a restarted runner resumes where
 * it was; searches read the active generation until the new one is activated. A removal clears
 * the public target (and abandons a reindex); pages published afterwards come back as usual,
 * and so does any page that changes.
 */
export class SearchIndexRunner extends LogRunner {
  private readonly lease: Lease;
  /** Whether this process has claimed the target in the index since it last took the lease. */
  private claimed = false;

  constructor(
    readonly target: SearchTarget,
    private readonly options: SearchIndexerOptions,
  ) {
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    super('search-index', searchIndexerNames[target], { ...options, pollMs: Math.min(options.pollMs ?? 5_000, leaseMs / 3) });
    this.lease = new Lease(options.readModels, searchIndexerNames[target], leaseMs);
  }

  private get index(): SearchIndex {
    return this.options.searchIndex;
  }

  /**
   * The index's changes in this process's name: refused (FencedOff) once another process has
   * claimed the target, so a process that paused past its lease cannot write after the one that
   * took over, not even between its last look at the lease and its write.
   */
  private get fenced() {
    const { index, target } = this;
    const { holder } = this.lease;
    return {
      write: (changes: Omit<IndexWrite, 'holder'>) => index.write(target, { ...changes, holder }),
      createGeneration: () => index.createGeneration(target, holder),
      activate: (generation: number) => index.activate(target, generation, holder),
      dropGeneration: (generation: number) => index.dropGeneration(target, generation, holder),
      clear: (generation: number) => index.clear(target, generation, holder),
    };
  }

  /** True when this process feeds the target now (having claimed it in the index); otherwise it stands by. */
  private async lead(): Promise<boolean> {
    const leading = await this.lease.acquire();
    if (!leading) {
      this.claimed = false;
      this.enter('standby');
      return false;
    }
    if (!this.claimed) {
      await this.index.claim(this.target, this.lease.holder);
      this.claimed = true;
    }
    if (this.state === 'standby') this.enter('catching-up');
    return true;
  }

  async runBatch(): Promise<number> {
    if (!(await this.lead())) return 0;
    const heartbeat = this.lease.keep();
    try {
      let state = await this.dropAbandonedBuild(await this.index.state(this.target));
      // Never part of a release: its pages' documents are made from their streams as they are now.
      const events = await readWholeReleases(this.options.eventStore, state.checkpoint, this.options.batchSize ?? 500);
      let moved = 0;
      if (events.length > 0) {
        moved = await this.takeIn(events, state, heartbeat);
        state = await this.index.state(this.target);
      }
      // A reindex goes on between batches, so the log (a publication) never waits for all of it.
      if (await this.reindexStep(state, heartbeat)) moved += 1;
      if (this.attempts > 0) this.options.logger?.info({ 'search-index': this.name, position: state.checkpoint }, 'search index runner recovered');
      return moved;
    } catch (error) {
      if (!(error instanceof LeaseLost || error instanceof FencedOff)) throw error;
      this.claimed = false;
      this.enter('standby');
      return 0;
    } finally {
      heartbeat.stop();
    }
  }

  /**
   * A generation being built that no reindex under way names (left by a crash between making it
   * and recording the reindex) is dropped; the request is taken in again from the checkpoint.
   */
  private async dropAbandonedBuild(state: TargetState): Promise<TargetState> {
    if (state.building === null) return state;
    const indexing = readIndexMeta(state.meta).indexing;
    if (indexing?.state === 'loading' && indexing.generation === state.building) return state;
    await this.fenced.dropGeneration(state.building);
    return { ...state, building: null };
  }

  /**
   * Takes in the batch up to its first job (included): the documents of the pages the events
   * before it change, then the job. Answers how many events it moved past.
   */
  private async takeIn(events: RecordedEvent[], state: TargetState, heartbeat: LeaseHeartbeat): Promise<number> {
    const jobAt = events.findIndex(isJob);
    const before = jobAt === -1 ? events : events.slice(0, jobAt);
    if (before.length > 0) {
      const { put, remove } = await this.changesOf(before);
      const position = before[before.length - 1]!.position;
      this.check(heartbeat);
      await this.fenced.write({ put, remove, generations: generationsOf(state), checkpoint: position });
      await this.mirror(position);
    }
    if (jobAt === -1) return events.length;
    const job = events[jobAt] as RecordedEvent & SearchIndexEvent;
    const current = await this.index.state(this.target);
    this.check(heartbeat);
    if (job.type === 'SearchReindexRequested') await this.startReindex(job, current);
    else await this.remove(job, current);
    await this.mirror(job.position);
    return jobAt + 1;
  }

  /** The documents to put and the ids to take out after these events. */
  private async changesOf(events: RecordedEvent[]): Promise<{ put: SearchDocument[]; remove: string[] }> {
    // The first event that touched each page: where the runner stops if its documents cannot be made.
    const pages = new Map<string, RecordedEvent>();
    for (const event of events) {
      const pageId = pageOf(event);
      if (pageId !== null && !pages.has(pageId)) pages.set(pageId, event);
      if (event.type === 'TagRenamed' || event.type === 'TagMerged') {
        const { tagId } = (event as RecordedEvent & TagEvent).data;
        for (const id of await this.index.idsWithTag(this.target, tagId)) if (!pages.has(id)) pages.set(id, event);
      }
    }
    // As of the batch's end: a page a later event changes takes that change with the later batch,
    // so a lagging runner never shows part of what came after (a release's other pages).
    return this.documentsOf(pages, events[events.length - 1]!.position);
  }

  /** Reads each page's stream once (up to `upTo`, when given), and each tag it names once per call. */
  private async documentsOf(pages: Map<string, RecordedEvent | null>, upTo = Number.POSITIVE_INFINITY): Promise<{ put: SearchDocument[]; remove: string[] }> {
    const { eventStore } = this.options;
    const tags = new Map<string, TagInfo | undefined>();
    const put: SearchDocument[] = [];
    const remove: string[] = [];
    for (const [pageId, cause] of pages) {
      try {
        const events = (await readStreamOf(eventStore, pageStream(pageId))).filter((e) => e.position <= upTo);
        for (const tagId of pageTagIds(events)) {
          if (!tags.has(tagId)) tags.set(tagId, tagInfo(await eventStore.readStream(tagStream(tagId))));
        }
        const doc = searchDocuments(events, (id) => tags.get(id), this.target === 'admin' ? 'admin' : undefined)[this.target];
        if (doc) put.push(doc);
        else remove.push(pageId);
      } catch (error) {
        if (cause === null || isStoreTrouble(error)) throw error;
        throw new HandlerFailure(cause, error);
      }
    }
    return { put, remove };
  }

  /** Starts a full reindex: a new generation beside the active one, and the pages to go through. */
  private async startReindex(job: RecordedEvent & SearchIndexEvent, state: TargetState): Promise<void> {
    const { readModels, logger } = this.options;
    const meta = readIndexMeta(state.meta);
    const { requestId } = job.data;
    // Every page created before the request must be in the pages read model the reindex reads.
    const pages = readModelNames.pages.projection;
    if (!(await readModels.waitForCheckpoints([pages], job.position, this.options.pagesWaitMs ?? 10_000))) {
      throw new Error(`the ${pages} projection has not reached position ${job.position} yet; the reindex starts once it has`);
    }
    try {
      // A reindex under way is given up for the new one.
      if (state.building !== null) await this.fenced.dropGeneration(state.building);
      const total = await readModels.count(readModelNames.pages.collection);
      const generation = await this.fenced.createGeneration();
      const indexing: IndexingMeta = {
        state: 'loading',
        requestId,
        generation,
        cursor: null,
        done: 0,
        total,
        startedAt: new Date().toISOString(),
        lastFinishedAt: lastFinishedAt(meta.indexing),
      };
      await this.fenced.write({ generations: [], checkpoint: job.position, meta: { ...state.meta, indexing } });
      logger?.info({ 'search-index': this.name, requestId, generation, total }, 'search reindex started');
    } catch (error) {
      if (error instanceof FencedOff || isStoreTrouble(error)) throw error;
      await this.fenced.write({ generations: [], checkpoint: job.position, meta: { ...state.meta, indexing: this.failed(meta, requestId, error) } });
    }
  }

  /** Clears the public target (the admin target keeps every page: the admin's page search reads it). */
  private async remove(job: RecordedEvent & SearchIndexEvent, state: TargetState): Promise<void> {
    if (this.target !== 'public') {
      await this.fenced.write({ generations: [], checkpoint: job.position });
      return;
    }
    const meta = readIndexMeta(state.meta);
    const { requestId } = job.data;
    const lastRemoved = lastFinishedAt(meta.removal);
    await this.fenced.write({ generations: [], meta: { ...state.meta, removal: { state: 'loading', requestId, lastFinishedAt: lastRemoved } } });
    const now = () => new Date().toISOString();
    try {
      let indexing = meta.indexing;
      if (state.building !== null) {
        await this.fenced.dropGeneration(state.building);
        if (indexing?.state === 'loading') {
          indexing = { state: 'error', requestId: indexing.requestId, error: 'Stopped: every page was removed from the search index meanwhile', finishedAt: now(), lastFinishedAt: indexing.lastFinishedAt };
        }
      }
      await this.fenced.clear(state.active);
      const next: SearchIndexMeta = { ...meta, ...(indexing ? { indexing } : {}), removal: { state: 'success', requestId, finishedAt: now() } };
      await this.fenced.write({ generations: [], checkpoint: job.position, meta: { ...state.meta, ...next } });
      this.options.logger?.info({ 'search-index': this.name, requestId }, 'search index cleared');
    } catch (error) {
      if (error instanceof FencedOff || isStoreTrouble(error)) throw error;
      const removal = { state: 'error', requestId, error: messageOf(error), finishedAt: now(), lastFinishedAt: lastRemoved } as const;
      await this.fenced.write({ generations: [], checkpoint: job.position, meta: { ...state.meta, removal } });
    }
  }

  /**
   * One step of a reindex under way: the next chunk of pages into the new generation, or, when
   * none are left, the new generation made active. Answers whether there was a step to take.
   */
  private async reindexStep(state: TargetState, heartbeat: LeaseHeartbeat): Promise<boolean> {
    const meta = readIndexMeta(state.meta);
    const indexing = meta.indexing;
    if (indexing?.state !== 'loading') return false;
    const write = async (next: IndexingMeta) => {
      this.check(heartbeat);
      await this.fenced.write({ generations: [], meta: { ...state.meta, indexing: next } });
    };
    if (state.building !== indexing.generation) {
      // Activated before a crash kept the meta from saying so; otherwise the build is gone.
      if (state.active === indexing.generation) await write(this.succeeded(indexing));
      else await write(this.failed(meta, indexing.requestId, new Error('the new index was lost before it was complete; ask for a reindex again')));
      return true;
    }
    try {
      const ids = await this.nextPages(indexing.cursor, indexing.done);
      if (ids.length === 0) {
        this.check(heartbeat);
        await this.fenced.activate(indexing.generation);
        await write(this.succeeded(indexing));
        this.options.logger?.info({ 'search-index': this.name, requestId: indexing.requestId, done: indexing.done }, 'search reindex finished');
        return true;
      }
      const { put, remove } = await this.documentsOf(new Map(ids.map((id) => [id, null])));
      this.check(heartbeat);
      await this.fenced.write({
        put,
        remove,
        generations: [indexing.generation],
        meta: { ...state.meta, indexing: { ...indexing, cursor: ids[ids.length - 1]!, done: indexing.done + ids.length } },
      });
    } catch (error) {
      if (error instanceof LeaseLost || error instanceof FencedOff || isStoreTrouble(error)) throw error;
      this.options.logger?.error({ 'search-index': this.name, requestId: indexing.requestId, err: error }, 'search reindex failed');
      await this.fenced.dropGeneration(indexing.generation).catch(() => {});
      await write(this.failed(meta, indexing.requestId, error));
    }
    // SQLite works synchronously: let the requests this process serves in between chunks.
    const pause = this.options.reindexPauseMs ?? 0;
    await new Promise((resolve) => (pause > 0 ? setTimeout(resolve, pause) : setImmediate(resolve)));
    return true;
  }

  /**
   * The next page ids after `cursor` in id order, from the pages read model. `done` (pages taken
   * so far) says where to look; pages deleted or created before the cursor meanwhile shift that,
   * so the window moves back until it starts at or before the cursor, then on until it passes
   * it. (Ids are UUIDv7 strings, which every store orders as JavaScript compares them.)
   */
  private async nextPages(cursor: string | null, done: number): Promise<string[]> {
    const { readModels } = this.options;
    const collection = readModelNames.pages.collection;
    const limit = this.options.reindexChunkSize ?? 200;
    const idsAt = async (offset: number) => (await readModels.find<{ id: string }>(collection, { offset, limit })).map((doc) => doc.id);
    if (cursor === null) return idsAt(0);
    let offset = Math.max(0, done - limit);
    let settled = offset === 0;
    for (;;) {
      const ids = await idsAt(offset);
      if (!settled && (ids.length === 0 || ids[0]! > cursor)) {
        offset = Math.max(0, offset - limit);
        settled = offset === 0;
        continue;
      }
      settled = true;
      const after = ids.filter((id) => id > cursor);
      if (after.length > 0 || ids.length < limit) return after;
      offset += ids.length;
    }
  }

  private succeeded(indexing: Extract<IndexingMeta, { state: 'loading' }>): IndexingMeta {
    const { requestId, startedAt, done, total } = indexing;
    return { state: 'success', requestId, startedAt, finishedAt: new Date().toISOString(), done, total: Math.max(total, done) };
  }

  private failed(meta: SearchIndexMeta, requestId: string, error: unknown): IndexingMeta {
    return { state: 'error', requestId, error: messageOf(error), finishedAt: new Date().toISOString(), lastFinishedAt: lastFinishedAt(meta.indexing) };
  }

  /** Before a write: stop if another process has taken the target over meanwhile. */
  private check(heartbeat: LeaseHeartbeat): void {
    if (heartbeat.lost) throw new LeaseLost();
  }

  /** The checkpoint also in the read-model store: the status, settle and error records read it there. */
  private async mirror(position: number): Promise<void> {
    await this.options.readModels.commit(this.name, position, async () => {});
  }

  /**
   * Runs batches (and reindex steps) until there is nothing left to do now, outside the loop
   * (seeding, the CLI, tests); hands the lease back afterwards. Does nothing while another
   * process feeds the target.
   */
  async catchUp(): Promise<void> {
    try {
      while ((await this.runBatch()) > 0);
    } finally {
      if (!this.isRunning) await this.lease.release().catch(() => {});
    }
  }

  protected override async stopped(): Promise<void> {
    await this.lease.release().catch(() => {});
  }
}

/** Where the log's changes go: the active generation, and the one a reindex builds. */
function generationsOf(state: TargetState): number[] {
  return state.building === null ? [state.active] : [state.active, state.building];
}
