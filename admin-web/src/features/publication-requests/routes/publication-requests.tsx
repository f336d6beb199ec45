import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicationRequestView } from '@pagelog/contracts/pages/page';
import { useApi } from '../../../core/api/api-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { fetchOpenRequests } from '../api/publication-requests-api';
import { PublicationRequestsTable } from '../components/publication-requests-table';

type RequestsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; requests: PublicationRequestView[] };

/** /cmsadmin/publication-requests: the open requests, each linking to its page's editor. */
export function PublicationRequestsRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const { hasPermission } = useCurrentUser();
  const [state, setState] = useState<RequestsState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    void fetchOpenRequests(api).then((reply) => {
      if (!current) return;
      if (reply.Success && Array.isArray(reply.data)) {
        // Only open ones, should the answer ever carry decided requests too.
        setState({ status: 'ready', requests: reply.data.filter((request) => (request.status ?? 'requested') === 'requested') });
      } else {
        console.error('The publication requests could not be loaded.', reply.Errors);
        setState({ status: 'failed' });
      }
    });
    return () => {
      current = false;
    };
  }, [api]);

  return (
    <div className="screen screen--wide">
      <h1 className="screen__title">{t('publicationRequests.title')}</h1>
      <p className="screen__description">{hasPermission('review-publication') ? t('publicationRequests.introReviewer') : t('publicationRequests.intro')}</p>
      {state.status === 'loading' && (
        <p className="paginated-list__loading" role="status">
          {t('publicationRequests.loading')}
        </p>
      )}
      {state.status === 'failed' && <p className="notice">{t('publicationRequests.loadFailed')}</p>}
      {state.status === 'ready' && <PublicationRequestsTable requests={state.requests} />}
    </div>
  );
}
