import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SearchIndexStatus, SearchJobState } from '@pagelog/contracts/search/search';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { searchIndexQueries } from '../api/search-index-queries';
import { pendingJob, stateOf, statusShows, type PendingJob, type SearchJob } from './pending-job';

export const SEARCH_INDEX_ERRORS = 'search-index';
/** How often the status is read while a job runs: the progress bar moves every second. */
export const POLL_MS = 1_000;
/**
 * How long a job just asked for is shown as loading while the status still says what it said
 * before; after that the screen believes the status again (a job that failed with the same
 * reason as the last one looks unchanged to it).
 */
export const PENDING_MS = 10_000;

const commandOf = { index: 'searchIndexAllPages', remove: 'searchRemoveAllPages' } as const;

const running = (status: SearchIndexStatus | undefined) => status?.indexingState === 'loading' || status?.removalState === 'loading';

/**
 * The search index's state, read every second while a job runs (the query stops with the
 * screen), and the two jobs: a job asked for shows as loading at once, and both are refused
 * while either runs. A refusal's errors go into the `search-index` collection, cleared first.
 */
export function useSearchIndex() {
  const api = useApi();
  const errors = useErrorStore();
  const [pending, setPending] = useState<PendingJob | null>(null);
  const status = useQuery({
    ...searchIndexQueries.status(api),
    refetchInterval: (query) => (pending || running(query.state.data) ? POLL_MS : false),
  });
  const data = status.data;

  useEffect(() => {
    if (pending && data && statusShows(pending, data)) setPending(null);
  }, [pending, data]);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setPending(null), PENDING_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  useEffect(() => () => errors.clear(SEARCH_INDEX_ERRORS), [errors]);

  const command = useMutation({
    mutationFn: async (job: SearchJob): Promise<boolean> => {
      errors.clear(SEARCH_INDEX_ERRORS);
      const reply = await api.call(commandOf[job]);
      if (reply.Success) return true;
      errors.set(SEARCH_INDEX_ERRORS, reply.Errors);
      return false;
    },
  });

  const shown = (job: SearchJob): SearchJobState | undefined => (pending?.job === job ? 'loading' : data && stateOf(data, job));
  const indexing = shown('index');
  const removal = shown('remove');

  function start(job: SearchJob) {
    if (!data) return;
    setPending(pendingJob(job, data));
    command.mutateAsync(job).then(
      (asked) => {
        if (!asked) setPending(null);
      },
      () => setPending(null),
    );
  }

  return { status, indexing, removal, busy: indexing === 'loading' || removal === 'loading' || command.isPending, start };
}
