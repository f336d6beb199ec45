import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function PublicationRequestsRoute() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('screens.publicationRequests.title')} description={t('screens.publicationRequests.description')} />;
}
