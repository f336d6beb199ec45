import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../core/session/current-user';
import { PageList } from '../components/page-list';

/** /cmsadmin/: every page, with filters for locale, type and status. */
export function PageOverviewRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  return (
    <div className="screen screen--wide">
      <div className="screen__header">
        <h1 className="screen__title">{t('pages.overview.title')}</h1>
        {hasPermission('create-page') && (
          <Link className="button button--orange" to="/new-page">
            {t('pages.overview.newPage')}
          </Link>
        )}
      </div>
      <PageList label={t('pages.overview.listLabel')} />
    </div>
  );
}
