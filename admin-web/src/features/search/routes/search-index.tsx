import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { ErrorList } from '../../../components/error-list/error-list';
import { useCurrentUser } from '../../../core/session/current-user';
import { IndexFacts } from '../components/index-facts';
import { IndexingProgress } from '../components/indexing-progress';
import { JobStates } from '../components/job-states';
import { RemoveAllPagesDialog } from '../components/remove-all-pages-dialog';
import { SEARCH_INDEX_ERRORS, useSearchIndex } from '../state/use-search-index';

/** /cmsadmin/search (issue 15), for manage-search: the public search index's state, a full reindex with its progress, and emptying it. */
export function SearchIndexRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-search')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('searchIndex.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <SearchIndexScreen />;
}

function SearchIndexScreen() {
  const { t } = useTranslation();
  const { status, indexing, removal, busy, start } = useSearchIndex();
  const [confirming, setConfirming] = useState(false);
  const data = status.data;

  return (
    <section className="screen search-index">
      <h1 className="screen__title">{t('searchIndex.title')}</h1>
      <p className="screen__description">{t('searchIndex.description')}</p>
      <ErrorList collection={SEARCH_INDEX_ERRORS} />
      {!data || !indexing || !removal ? (
        status.isError ? (
          <p className="notice notice--warning" role="alert">
            {t('searchIndex.loadFailed')}
          </p>
        ) : (
          <p role="status">{t('searchIndex.loading')}</p>
        )
      ) : (
        <>
          <IndexFacts status={data} />
          <JobStates indexing={indexing} removal={removal} error={data.error} />
          {/* The server's progress belongs to a reindex it runs; one just asked for has none yet. */}
          {indexing === 'loading' && <IndexingProgress progress={data.indexingState === 'loading' ? data.progress : null} />}
          <div className="form__actions">
            <button type="button" className="button button--orange" disabled={busy} onClick={() => start('index')}>
              {t('searchIndex.indexAll')}
            </button>
            <button type="button" className="button button--grey button--danger" disabled={busy} onClick={() => setConfirming(true)}>
              {t('searchIndex.removeAll')}
            </button>
          </div>
        </>
      )}
      {confirming && (
        <RemoveAllPagesDialog
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            start('remove');
          }}
        />
      )}
    </section>
  );
}
