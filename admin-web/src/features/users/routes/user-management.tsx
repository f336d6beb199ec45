import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function UserManagementRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.userManagement.title')} description={t('screens.userManagement.description')} />;
}
