import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function PageOverviewRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.pageOverview.title')} description={t('screens.pageOverview.description')} />;
}
