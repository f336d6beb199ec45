import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function UserSettingsRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.settings.title')} description={t('screens.settings.description')} />;
}
