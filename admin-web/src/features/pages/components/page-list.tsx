import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { publicationStatuses, type PageListItem, type PublicationStatus } from '@pagelog/contracts/pages/page';
import { pageEditorPath, pageTypes, type PageTypeDefinition } from '@pagelog/contracts/pages/page-types';
import type { PageListColumn } from '@pagelog/contracts/pages/schemas';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { PaginatedList, type ListColumn, type ListParams } from '../../../components/paginated-list/paginated-list';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { useSiteSettings } from '../../../core/settings/site-settings';
import { pageQueries } from '../api/page-queries';
import { StatusBadge } from '../../../components/status-badge/status-badge';
import { usePageTypeLabel } from './use-page-type-label';

/** Spec section 9: 25 rows when the table gives none. */
export const PAGE_LIST_SIZE = 25;

const allTypes: PageTypeDefinition[] = Object.values(pageTypes);

interface Filters {
  locale: string;
  type: string;
  status: PublicationStatus | '';
}

interface PageListProps {
  /** Names the table. */
  label: string;
  /** Only pages of this type (fixed for the list's life: key the list by it); without it every page, with a Page type filter. */
  pageTypeId?: string;
}

/**
 * The pages as a paginated list (POST /page/list, paged, searched and sorted by the server), with
 * filters for locale, type and status. A filter change reloads from the first page.
 */
export function PageList({ label, pageTypeId }: PageListProps) {
  const { t } = useTranslation();
  const api = useApi();
  const settings = useSiteSettings();
  const typeLabel = usePageTypeLabel();
  const oneOfType = usePageTypeLabel('singular');
  const localeId = useId();
  const typeId = useId();
  const statusId = useId();
  const [filters, setFilters] = useState<Filters>({ locale: '', type: pageTypeId ?? '', status: '' });

  function changeFilter(change: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...change }));
  }

  const query = ({ pageIndex, pageSize, searchTerm, sortColumn, sortOrder }: ListParams) =>
    pageQueries.list(api, { ...filters, pageIndex, pageSize, searchTerm, columnToSort: sortColumn as PageListColumn | '', sortOrder });

  const columns = useMemo<ListColumn<PageListItem>[]>(() => {
    const list: (ListColumn<PageListItem> | null)[] = [
      {
        key: 'title',
        label: t('pages.overview.columns.title'),
        sortable: true,
        render: (item) => <Link to={toRouterPath(pageEditorPath(item.id))}>{item.title || item.slug}</Link>,
      },
      { key: 'slug', label: t('pages.overview.columns.slug'), sortable: true, render: (item) => <code className="path">{item.path || `/${item.slug}`}</code> },
      { key: 'locale', label: t('pages.overview.columns.locale'), sortable: true, render: (item) => item.locale },
      pageTypeId
        ? null
        : { key: 'type', label: t('pages.overview.columns.type'), render: (item) => oneOfType(item.type) },
      {
        key: 'status',
        label: t('pages.overview.columns.status'),
        sortable: true,
        render: (item) => (
          <>
            <StatusBadge status={item.status} reviewRequested={item.hasPublicationRequest} />
            {(['publish', 'unpublish'] as const).map((action) => {
              const s = item.schedules?.[action];
              return s ? (
                <span key={action} className={s.lastError ? 'scheduled-mark scheduled-mark--failed' : 'scheduled-mark'}>
                  {t(`pages.overview.scheduled.${s.lastError ? 'failed' : action}`, { date: formatDateTime(s.at) })}
                </span>
              ) : null;
            })}
          </>
        ),
      },
      {
        key: 'updatedAt',
        label: t('pages.overview.columns.updatedAt'),
        sortable: true,
        render: (item) => (
          <span className="cell-stack">
            <span>{formatDateTime(item.updatedAt)}</span>
            {item.updatedByName && <span className="cell-stack__muted">{t('pages.overview.lastChangeBy', { name: item.updatedByName })}</span>}
          </span>
        ),
      },
      { key: 'author', label: t('pages.overview.columns.author'), render: (item) => item.authorName },
    ];
    return list.filter((column): column is ListColumn<PageListItem> => column !== null);
  }, [t, pageTypeId, typeLabel]);

  return (
    <div className="page-list">
      <div className="filters" role="group" aria-label={t('pages.overview.filters.label')}>
        <div className="filters__field">
          <label htmlFor={localeId}>{t('pages.overview.filters.locale')}</label>
          <select id={localeId} value={filters.locale} onChange={(event) => changeFilter({ locale: event.target.value })}>
            <option value="">{t('pages.overview.filters.allLocales')}</option>
            {(settings?.availableLocales ?? []).map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
        </div>
        {!pageTypeId && (
          <div className="filters__field">
            <label htmlFor={typeId}>{t('pages.overview.filters.type')}</label>
            <select id={typeId} value={filters.type} onChange={(event) => changeFilter({ type: event.target.value })}>
              <option value="">{t('pages.overview.filters.allTypes')}</option>
              {allTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {typeLabel(type.id)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="filters__field">
          <label htmlFor={statusId}>{t('pages.overview.filters.status')}</label>
          <select id={statusId} value={filters.status} onChange={(event) => changeFilter({ status: event.target.value as Filters['status'] })}>
            <option value="">{t('pages.overview.filters.allStatuses')}</option>
            {publicationStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`pages.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PaginatedList<PageListItem>
        label={label}
        query={query}
        columns={columns}
        rowKey={(item) => item.id}
        pageSize={PAGE_LIST_SIZE}
        noResultsText={t('pages.overview.noResults')}
        resetPageOn={filters}
      />
    </div>
  );
}
