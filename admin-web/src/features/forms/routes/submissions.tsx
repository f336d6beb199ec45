import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { forms } from '@pagelog/contracts/forms/forms';
import type { SubmissionSummary } from '@pagelog/contracts/forms/submission';
import { PaginatedList, type ListColumn, type ListParams } from '../../../components/paginated-list/paginated-list';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { exportUrl, formsQueries, noFilters, type SubmissionFilters as Filters } from '../api/forms-queries';
import { SubmissionFilters } from '../components/submission-filters';
import { SubmissionStatus } from '../components/submission-status';

export const submissionPath = (id: string) => `/forms/submission/${encodeURIComponent(id)}`;

/** /cmsadmin/forms (issue 16), for manage-forms: the submissions of every form in the paginated list, filtered, and exported as CSV. */
export function FormsRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-forms')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('forms.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <SubmissionsScreen />;
}

function SubmissionsScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const [filters, setFilters] = useState<Filters>(noFilters);
  /** The term the list asked for last: the export takes it too. */
  const [searchTerm, setSearchTerm] = useState('');

  const columns = useMemo<ListColumn<SubmissionSummary>[]>(
    () => [
      { key: 'receivedAt', label: t('forms.columns.receivedAt'), sortable: true, render: (item) => formatDateTime(item.receivedAt) },
      { key: 'form', label: t('forms.columns.form'), sortable: true, render: (item) => forms[item.form].adminLabel },
      {
        key: 'submitter',
        label: t('forms.columns.submitter'),
        sortable: true,
        render: (item) =>
          item.submitter ? (
            <>
              {item.submitter.name || item.submitter.email}
              {item.submitter.name && <span className="data-table__detail"> {item.submitter.email}</span>}
            </>
          ) : (
            <em>{t('forms.erased')}</em>
          ),
      },
      { key: 'excerpt', label: t('forms.columns.excerpt'), render: (item) => item.excerpt },
      { key: 'status', label: t('forms.columns.status'), render: (item) => <SubmissionStatus submission={item} /> },
    ],
    [t],
  );

  const query = ({ pageIndex, pageSize, searchTerm: term, sortColumn, sortOrder }: ListParams) => {
    // The server's own order is the newest first.
    const order = sortColumn === '' ? 'desc' : sortOrder;
    return formsQueries.list(api, { ...filters, searchTerm: term, columnToSort: sortColumn, sortOrder: order, pageIndex, pageSize });
  };

  return (
    <section className="screen screen--wide forms-area">
      <div className="screen__header">
        <h1 className="screen__title">{t('forms.title')}</h1>
        <a className="button button--grey" href={exportUrl({ ...filters, searchTerm })} download>
          {t('forms.export')}
        </a>
      </div>
      <p className="screen__description">{t('forms.description')}</p>
      <SubmissionFilters filters={filters} onChange={setFilters} />
      <PaginatedList
        label={t('forms.list')}
        query={query}
        columns={columns}
        rowKey={(item) => item.id}
        noResultsText={t('forms.noResults')}
        resetPageOn={JSON.stringify(filters)}
        onParamsChange={(params) => setSearchTerm(params.searchTerm)}
        rowActions={(item) => (
          <Link className="button button--grey button--small" to={submissionPath(item.id)} aria-label={t('forms.openSubmission', { name: item.submitter?.name || item.submitter?.email || t('forms.erased') })}>
            {t('forms.open')}
          </Link>
        )}
      />
    </section>
  );
}
