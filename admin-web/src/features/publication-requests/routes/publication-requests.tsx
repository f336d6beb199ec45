import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../core/api/api-context';
import { useCurrentUser } from '../../../core/session/current-user';
import { openRequestsQuery } from '../api/publication-requests-api';
import { PublicationRequestsTable } from '../components/publication-requests-table';

/** /cmsadmin/publication-requests: the open requests, each linking to its page's editor. */
export function PublicationRequestsRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const { hasPermission } = useCurrentUser();
  const requests = useQuery(openRequestsQuery(api));
  // Only open ones, should the answer ever carry decided requests too.
  const open = Array.isArray(requests.data) ? requests.data.filter((request) => (request.status ?? 'requested') === 'requested') : null;

  return (
    <div className="screen screen--wide">
      <h1 className="screen__title">{t('publicationRequests.title')}</h1>
      <p className="screen__description">{hasPermission('review-publication') ? t('publicationRequests.introReviewer') : t('publicationRequests.intro')}</p>
      {requests.isPending && (
        <p className="paginated-list__loading" role="status">
          {t('publicationRequests.loading')}
        </p>
      )}
      {(requests.isError || (requests.isSuccess && !open)) && <p className="notice">{t('publicationRequests.loadFailed')}</p>}
      {open && <PublicationRequestsTable requests={open} />}
    </div>
  );
}
