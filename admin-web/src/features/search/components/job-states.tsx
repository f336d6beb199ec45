import { useTranslation } from 'react-i18next';
import type { SearchJobState } from '@pagelog/contracts/search/search';

interface JobStatesProps {
  indexing: SearchJobState;
  removal: SearchJobState;
  /** Why the last job failed, as the status says. */
  error: string | null;
}

const noticeClass: Record<Exclude<SearchJobState, 'idle'>, string> = {
  loading: 'notice notice--info',
  success: 'notice notice--success',
  error: 'notice notice--warning',
};

/** The spec's state of each job in words, announced as it changes; an idle job says nothing. */
export function JobStates({ indexing, removal, error }: JobStatesProps) {
  const { t } = useTranslation();
  const reason = error ?? t('searchIndex.unknownReason');
  const lines = [
    { job: 'indexing', state: indexing },
    { job: 'removal', state: removal },
  ] as const;
  return (
    <div className="search-index__jobs" role="status">
      {lines.map(({ job, state }) =>
        state === 'idle' ? null : (
          <p key={job} className={noticeClass[state]}>
            {t(`searchIndex.${job}.${state}`, { reason })}
          </p>
        ),
      )}
    </div>
  );
}
