import type { SearchIndexStatus, SearchJobState } from './search';

/**
 * What a search-index target keeps about its jobs in its meta document (storage's search-index
 * port), written by the projector's search indexer in the same write as the documents and the
 * checkpoint, and read by the query service for GET search/status without the projector.
 */
export type IndexingMeta =
  | {
      state: 'loading';
      requestId: string;
      /** The generation being filled beside the active one. */
      generation: number;
      /** The last page id indexed into it (pages go in id order); null before the first. */
      cursor: string | null;
      done: number;
      total: number;
      startedAt: string;
      /** When the reindex before this one finished, if one did. */
      lastFinishedAt: string | null;
    }
  | { state: 'success'; requestId: string; startedAt: string; finishedAt: string; done: number; total: number }
  | { state: 'error'; requestId: string; error: string; finishedAt: string; lastFinishedAt: string | null };

export type RemovalMeta =
  | { state: 'loading'; requestId: string; lastFinishedAt: string | null }
  | { state: 'success'; requestId: string; finishedAt: string }
  | { state: 'error'; requestId: string; error: string; finishedAt: string; lastFinishedAt: string | null };

export interface SearchIndexMeta {
  indexing?: IndexingMeta;
  removal?: RemovalMeta;
}

/** The names the search indexer's runners go by (one per target): their leases and checkpoints beside the projections'. */
export const searchIndexerNames = { public: 'search-index:public', admin: 'search-index:admin' } as const;

/** A target's meta as stored (a plain JSON object), read defensively: anything unknown counts as no job. */
export function readIndexMeta(meta: Record<string, unknown> | null | undefined): SearchIndexMeta {
  const read: SearchIndexMeta = {};
  const indexing = meta?.indexing as IndexingMeta | undefined;
  const removal = meta?.removal as RemovalMeta | undefined;
  if (isJob(indexing)) read.indexing = indexing;
  if (isJob(removal)) read.removal = removal;
  return read;
}

function isJob(value: unknown): boolean {
  const state = (value as { state?: unknown } | null | undefined)?.state;
  return state === 'loading' || state === 'success' || state === 'error';
}

/** What the status tells beside the meta: counted and read from the index and the log. */
export interface IndexFacts {
  /** Documents in the public target's active generation. */
  documents: number;
  /** The public target's checkpoint. */
  position: number;
  headPosition: number;
  engine: string;
}

/**
 * GET search/status from the public target's meta: the spec's indexing and removal states, a
 * reindex's progress with the time left at its rate so far, and when each job last finished.
 * `now` in milliseconds (Date.now()).
 */
export function searchIndexStatus(meta: Record<string, unknown> | null | undefined, facts: IndexFacts, now: number): SearchIndexStatus {
  const { indexing, removal } = readIndexMeta(meta);
  const indexingState: SearchJobState = indexing?.state ?? 'idle';
  const removalState: SearchJobState = removal?.state ?? 'idle';
  let progress: SearchIndexStatus['progress'] = null;
  if (indexing?.state === 'loading') {
    const done = Math.max(0, indexing.done);
    const total = Math.max(indexing.total, done);
    const elapsed = (now - Date.parse(indexing.startedAt)) / 1000;
    // No rate until some pages are done: a guess from nothing would only mislead.
    const secondsLeft = done > 0 && elapsed > 0 ? Math.ceil((total - done) / (done / elapsed)) : null;
    progress = { done, total, startedAt: indexing.startedAt, secondsLeft };
  }
  const error = indexing?.state === 'error' ? indexing.error : removal?.state === 'error' ? removal.error : null;
  return {
    indexingState,
    removalState,
    progress,
    error,
    documents: facts.documents,
    lastIndexedAt: lastFinishedAt(indexing),
    lastRemovedAt: lastFinishedAt(removal),
    position: facts.position,
    headPosition: facts.headPosition,
    engine: facts.engine,
  };
}

/** When the last successful job of this kind finished, to carry into the next one's meta. */
export function lastFinishedAt(job: IndexingMeta | RemovalMeta | undefined): string | null {
  if (!job) return null;
  return job.state === 'success' ? job.finishedAt : job.lastFinishedAt;
}
