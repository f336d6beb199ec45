import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function NewPageRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.newPage.title')} description={t('screens.newPage.description')} />;
}
