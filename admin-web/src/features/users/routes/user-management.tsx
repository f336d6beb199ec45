import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { useCurrentUser } from '../../../core/session/current-user';
import { UsersArea } from '../components/users-area';

/** /cmsadmin/users: list, add, edit and delete users (manage-users). */
export function UserManagementRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  if (!hasPermission('manage-users')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('users.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return (
    <div className="screen screen--wide">
      <UsersArea title={t('users.title')} headingLevel={1} />
    </div>
  );
}
