import type { SearchIndexStatus, SearchJobState } from '@pagelog/contracts/search/search';

export type SearchJob = 'index' | 'remove';

/** What the status said of one job: its state, when it last finished and why it last failed. */
interface JobSnapshot {
  state: SearchJobState;
  finishedAt: string | null;
  error: string | null;
}

/**
 * A job the user asked for that the status may not show yet: the command answers once the job is
 * asked for, and the status can still say what it said before. Until it says something else the
 * screen shows the job as loading (the spec's idle → loading on the click).
 */
export interface PendingJob {
  job: SearchJob;
  before: JobSnapshot;
}

export function stateOf(status: SearchIndexStatus, job: SearchJob): SearchJobState {
  return job === 'index' ? status.indexingState : status.removalState;
}

function snapshotOf(status: SearchIndexStatus, job: SearchJob): JobSnapshot {
  return { state: stateOf(status, job), finishedAt: job === 'index' ? status.lastIndexedAt : status.lastRemovedAt, error: status.error };
}

/** A job asked for while the status says `status`. */
export function pendingJob(job: SearchJob, status: SearchIndexStatus): PendingJob {
  return { job, before: snapshotOf(status, job) };
}

/** Whether the status has taken the job in: its state, finish time or error moved on from what they were when it was asked for. */
export function statusShows(pending: PendingJob, status: SearchIndexStatus): boolean {
  const now = snapshotOf(status, pending.job);
  const { before } = pending;
  return now.state === 'loading' || now.state !== before.state || now.finishedAt !== before.finishedAt || now.error !== before.error;
}
