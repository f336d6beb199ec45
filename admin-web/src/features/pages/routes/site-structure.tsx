import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function SiteStructureRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.siteStructure.title')} description={t('screens.siteStructure.description')} />;
}
