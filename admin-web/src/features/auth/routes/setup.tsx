import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setupSchema } from '@pagelog/contracts/users/schemas';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextField } from '../../../components/form-field/text-field';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useCurrentUser } from '../../../core/session/current-user';
import { HOME_PATH } from '../../../core/session/session-redirect';
import { setUpAdministrator } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';

/** First run (/cmsadmin/setup?token=…): creates the first administrator, who is then signed in. */
export function SetupRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const session = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  useEffect(() => () => errors.clear('setup'), [errors]);

  return (
    <AuthCard title={t('auth.setup.title')}>
      <Formik
        initialValues={{ name: '', email: '', password: '', confirm: '' }}
        onSubmit={async (values) => {
          errors.clear('setup');
          const checked = await validateWith(setupSchema, { ...values, token }, 'user');
          if (!checked.ok) {
            errors.set('setup', checked.errors);
            return;
          }
          const reply = await setUpAdministrator(api, checked.value);
          if (!reply.Success) {
            errors.set('setup', reply.Errors);
            return;
          }
          // The reply set the session cookie; the session check picks it (and its token) up.
          await session.checkSession();
          navigate(HOME_PATH, { replace: true });
        }}
      >
        {({ isSubmitting }) => (
          <Form className="form" noValidate>
            <p className="form__intro">{t('auth.setup.intro')}</p>
            <ErrorList collection="setup" />
            <TextField name="name" label={t('auth.fields.name')} autoComplete="name" errorCollection="setup" />
            <TextField name="email" label={t('auth.fields.email')} type="email" autoComplete="email" errorCollection="setup" />
            <TextField name="password" label={t('auth.fields.password')} type="password" autoComplete="new-password" errorCollection="setup" />
            <TextField name="confirm" label={t('auth.fields.confirmPassword')} type="password" autoComplete="new-password" errorCollection="setup" />
            <div className="form__actions">
              <button type="submit" className="button button--orange" disabled={isSubmitting}>
                {t('auth.setup.submit')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </AuthCard>
  );
}
