import { useTranslation } from 'react-i18next';
import { AccountPasswordForm } from '../components/account-password-form';

/** /cmsadmin/activate-account?token=… from the mail a new user receives. */
export function ActivateAccountRoute() {
  const { t } = useTranslation();
  return (
    <AccountPasswordForm
      collection="activate-account"
      title={t('auth.activate.title')}
      intro={t('auth.activate.intro')}
      submit={t('auth.activate.submit')}
      done={t('auth.activate.done')}
    />
  );
}
