import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../core/session/current-user';
import { UsersArea } from '../../features/users/components/users-area';

/** Rows of the dashboard's user list: a glance, with the full list under User management. */
const DASHBOARD_USERS_PAGE_SIZE = 5;

/** /cmsadmin/dashboard: "CMS Dashboard", with the Users area for those who manage users. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { user, hasPermission } = useCurrentUser();
  return (
    <div className="screen screen--wide">
      <h1 className="screen__title">{t('dashboard.title')}</h1>
      <p className="screen__description">{t('dashboard.welcome', { name: user?.name ?? '' })}</p>
      {hasPermission('manage-users') && (
        <div className="area">
          <UsersArea title={t('dashboard.users')} headingLevel={2} pageSize={DASHBOARD_USERS_PAGE_SIZE} />
        </div>
      )}
    </div>
  );
}
