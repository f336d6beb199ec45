import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageTypeByPathId } from '@pagelog/contracts/pages/page-types';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';
import { useCurrentUser } from '../../../core/session/current-user';
import { PageList } from '../components/page-list';
import { usePageTypeLabel } from '../components/use-page-type-label';

/** /cmsadmin/page-overview/{pageTypeId}: the pages of one type, headed by the type's label. */
export function PageTypeOverviewRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  const typeLabel = usePageTypeLabel();
  const { pageTypeId = '' } = useParams();
  const type = pageTypeByPathId(pageTypeId);

  if (!type) {
    return (
      <PlaceholderScreen
        title={t('pages.overview.unknownTypeTitle')}
        description={t('pages.overview.unknownTypeDescription', { id: pageTypeId })}
      />
    );
  }
  const label = typeLabel(type.id);
  return (
    <div className="screen screen--wide">
      <div className="screen__header">
        <h1 className="screen__title">{label}</h1>
        {hasPermission('create-page') && (
          <Link className="button button--orange" to={`/new-page?type=${encodeURIComponent(type.id)}`}>
            {t('pages.overview.newPage')}
          </Link>
        )}
      </div>
      {/* Keyed by type: another type's overview starts with fresh filters and paging. */}
      <PageList key={type.id} label={label} pageTypeId={type.id} />
    </div>
  );
}
