import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PublicationRequestView } from '@pagelog/contracts/pages/page';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { formatDateTime } from '../../../core/format/date-time';

/** Open publication requests: the page (a link to its editor), locale, who asked, when, and their comment. */
export function PublicationRequestsTable({ requests }: { requests: readonly PublicationRequestView[] }) {
  const { t } = useTranslation();
  if (requests.length === 0) return <p className="notice">{t('publicationRequests.empty')}</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">{t('publicationRequests.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('publicationRequests.columns.page')}</th>
          <th scope="col">{t('publicationRequests.columns.locale')}</th>
          <th scope="col">{t('publicationRequests.columns.requestedBy')}</th>
          <th scope="col">{t('publicationRequests.columns.requestedAt')}</th>
          <th scope="col">{t('publicationRequests.columns.comment')}</th>
        </tr>
      </thead>
      <tbody>
        {requests.map((request) => (
          <tr key={request.id}>
            <td>
              <Link to={toRouterPath(pageEditorPath(request.pageID))}>{request.pageTitle || request.pageSlug}</Link>
            </td>
            <td>{request.locale}</td>
            <td>{request.requestedByName}</td>
            <td>{formatDateTime(request.resentAt ?? request.requestedAt)}</td>
            <td className="data-table__text">{request.comment}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
