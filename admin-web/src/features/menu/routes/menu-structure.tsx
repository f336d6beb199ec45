import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function MenuStructureRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.menuStructure.title')} description={t('screens.menuStructure.description')} />;
}
