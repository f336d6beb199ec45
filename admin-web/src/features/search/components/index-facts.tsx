import { useTranslation } from 'react-i18next';
import type { SearchIndexStatus } from '@pagelog/contracts/search/search';
import { formatDateTime } from '../../../core/format/date-time';

/** What the index holds and how far it has followed the log, with when it was last rebuilt and emptied. */
export function IndexFacts({ status }: { status: SearchIndexStatus }) {
  const { t } = useTranslation();
  const behind = Math.max(0, status.headPosition - status.position);
  const when = (iso: string | null) => formatDateTime(iso) || t('searchIndex.never');
  return (
    <dl className="details-list search-index__facts" aria-label={t('searchIndex.details')}>
      <dt>{t('searchIndex.engine')}</dt>
      <dd>{t(`searchIndex.engines.${status.engine}`, { defaultValue: status.engine })}</dd>
      <dt>{t('searchIndex.documents')}</dt>
      <dd>{t('searchIndex.documentsCount', { count: status.documents })}</dd>
      <dt>{t('searchIndex.position')}</dt>
      <dd>{behind === 0 ? t('searchIndex.upToDate') : t('searchIndex.behind', { count: behind })}</dd>
      <dt>{t('searchIndex.lastIndexedAt')}</dt>
      <dd>{when(status.lastIndexedAt)}</dd>
      <dt>{t('searchIndex.lastRemovedAt')}</dt>
      <dd>{when(status.lastRemovedAt)}</dd>
    </dl>
  );
}
