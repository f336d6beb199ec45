import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReindexProgress } from '@pagelog/contracts/search/search';
import { timeLeft } from '../state/time-left';

/** The bar of a reindex under way: pages done of the total and the time left; without progress yet, a bar that only says it is busy. */
export function IndexingProgress({ progress }: { progress: ReindexProgress | null }) {
  const { t } = useTranslation();
  const textId = useId();
  const left = progress && timeLeft(progress.secondsLeft);
  return (
    <div className="search-index__progress">
      {progress ? (
        // max must be above 0; an index with no pages to take in is done at once.
        <progress max={Math.max(progress.total, 1)} value={Math.min(progress.done, progress.total)} aria-label={t('searchIndex.progress.label')} aria-describedby={textId} />
      ) : (
        <progress aria-label={t('searchIndex.progress.label')} aria-describedby={textId} />
      )}
      <p id={textId} className="search-index__progress-text">
        {progress && left ? (
          <>
            <span>{t('searchIndex.progress.pages', { done: progress.done, total: progress.total })}</span>
            {' · '}
            <span>{t(`searchIndex.timeLeft.${left.key}`, { count: left.count })}</span>
          </>
        ) : (
          t('searchIndex.progress.starting')
        )}
      </p>
    </div>
  );
}
