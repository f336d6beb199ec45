import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function MediaLibraryRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.mediaLibrary.title')} description={t('screens.mediaLibrary.description')} />;
}
