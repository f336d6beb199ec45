import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PagesUsingFile, PageUsingFile } from '@pagelog/contracts/media/media';
import { pagesByFileColumns } from '@pagelog/contracts/media/schemas';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import { toRouterPath } from '../../../components/navigation/build-navigation';
import { mediaQueries } from '../../../components/media-picker/media-api';
import { PaginatedList, type ListColumn, type ListParams } from '../../../components/paginated-list/paginated-list';
import { useApi } from '../../../core/api/api-context';

const WHERE_USED_PAGE_SIZE = 10;

/** The end of a day (a date field's value) in the browser's time zone, as an ISO moment; '' for none. */
export function endOfDay(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const moment = new Date(`${date}T23:59:59.999`);
  return Number.isNaN(moment.getTime()) ? '' : moment.toISOString();
}

/** The site settings' use of a file now (the logo, the default image for shared links), linked to their screen; nothing when none. */
export function SettingsUses({ fileID }: { fileID: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const uses = useQuery({
    ...mediaQueries.pagesByFile(api, { fileID, pageIndex: 0, pageSize: 1, searchTerm: '', columnToSort: '', sortOrder: 'asc', at: '' }),
    select: (data) => data.settingsUses,
  });
  if (!uses.data || uses.data.length === 0) return null;
  return (
    <p className="where-used__settings">
      {t('media.whereUsed.settings', { uses: uses.data.map((use) => t(`media.whereUsed.settingsUse.${use}`)).join(t('media.whereUsed.and')) })}{' '}
      <Link to={toRouterPath('/cmsadmin/site-settings')}>{t('media.whereUsed.settingsLink')}</Link>
    </p>
  );
}

/**
 * The pages that use a file (list-pages-by-file, paginated): now, or on a past date, which the
 * history answers because every page version is kept.
 */
export function WhereUsed({ fileID }: { fileID: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const dateId = useId();
  const [date, setDate] = useState('');
  const at = endOfDay(date);

  const query = ({ pageIndex, pageSize, searchTerm, sortColumn, sortOrder }: ListParams) => {
    // Only a column the endpoint sorts by (the versions column is not one).
    const columnToSort = pagesByFileColumns.find((column) => column === sortColumn) ?? '';
    return mediaQueries.pagesByFile(api, { fileID, pageIndex, pageSize, searchTerm, columnToSort, sortOrder, at });
  };

  const columns = useMemo<ListColumn<PageUsingFile>[]>(
    () => [
      { key: 'title', label: t('media.whereUsed.columns.title'), sortable: true, render: (page) => <Link to={toRouterPath(pageEditorPath(page.pageID))}>{page.title || page.slug}</Link> },
      { key: 'locale', label: t('media.whereUsed.columns.locale'), sortable: true, render: (page) => page.locale },
      { key: 'status', label: t('media.whereUsed.columns.status'), sortable: true, render: (page) => t(`pages.status.${page.status}`, { defaultValue: page.status }) },
      {
        key: 'versions',
        label: t('media.whereUsed.columns.versions'),
        render: (page) => [page.inDraft && t('media.whereUsed.draft'), page.inPublished && t('media.whereUsed.published')].filter(Boolean).join(', '),
      },
    ],
    [t],
  );

  return (
    <section className="where-used" aria-labelledby={`${dateId}-title`}>
      <h3 id={`${dateId}-title`} className="details__heading">
        {t('media.whereUsed.title')}
      </h3>
      <div className="field field--inline">
        <label className="field__label" htmlFor={dateId}>
          {t('media.whereUsed.date')}
        </label>
        <input id={dateId} className="field__input" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </div>
      <p className="form__hint">{at ? t('media.whereUsed.onDate', { date }) : t('media.whereUsed.now')}</p>
      {!at && <SettingsUses fileID={fileID} />}
      <PaginatedList<PageUsingFile, PagesUsingFile>
        label={t('media.whereUsed.listLabel')}
        query={query}
        columns={columns}
        rowKey={(page) => `${page.pageID}-${page.locale}`}
        pageSize={WHERE_USED_PAGE_SIZE}
        noResultsText={t('media.whereUsed.none')}
        resetPageOn={at}
      />
    </section>
  );
}
