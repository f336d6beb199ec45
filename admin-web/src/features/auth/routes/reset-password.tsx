import { useTranslation } from 'react-i18next';
import { AccountPasswordForm } from '../components/account-password-form';

/** /cmsadmin/reset-password?token=… from the forgot-password mail. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AccountPasswordForm
      collection="reset-password"
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      submit={t('auth.reset.submit')}
      done={t('auth.reset.done')}
    />
  );
}
