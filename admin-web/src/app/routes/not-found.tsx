import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../components/placeholder-screen/placeholder-screen';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PlaceholderScreen
      title={t('screens.notFound.title')}
      description={t('screens.notFound.description', { path: pathname })}
    />
  );
}
