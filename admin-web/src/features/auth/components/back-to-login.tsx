import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="auth-screen__links">
      <Link to="/login">{t('auth.backToLogin')}</Link>
    </p>
  );
}
