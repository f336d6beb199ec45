import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '../../../components/placeholder-screen/placeholder-screen';

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <main className="auth-screen">
      <div className="auth-screen__card">
        <p className="auth-screen__brand">{t('app.name')}</p>
        <PlaceholderScreen title={t('screens.login.title')} description={t('screens.login.description')}>
          <Link className="button button--grey" to="/">
            {t('screens.login.back')}
          </Link>
        </PlaceholderScreen>
      </div>
    </main>
  );
}
