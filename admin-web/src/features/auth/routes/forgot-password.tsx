import { useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@pagelog/contracts/users/schemas';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextField } from '../../../components/form-field/text-field';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { requestPasswordReset } from '../api/auth-calls';
import { AuthCard } from '../components/auth-card';
import { BackToLogin } from '../components/back-to-login';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const [sent, setSent] = useState(false);

  useEffect(() => () => errors.clear('forgot-password'), [errors]);

  return (
    <AuthCard title={t('auth.forgot.title')}>
      {sent ? (
        <p className="notice notice--success" role="status">
          {t('auth.forgot.sent')}
        </p>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          onSubmit={async (values) => {
            errors.clear('forgot-password');
            const checked = await validateWith(forgotPasswordSchema, values, 'user');
            if (!checked.ok) {
              errors.set('forgot-password', checked.errors);
              return;
            }
            const reply = await requestPasswordReset(api, checked.value.email);
            if (reply.Success) setSent(true);
            else errors.set('forgot-password', reply.Errors);
          }}
        >
          {({ isSubmitting }) => (
            <Form className="form" noValidate>
              <p className="form__intro">{t('auth.forgot.intro')}</p>
              <ErrorList collection="forgot-password" />
              <TextField name="email" label={t('auth.fields.email')} type="email" autoComplete="email" errorCollection="forgot-password" />
              <div className="form__actions">
                <button type="submit" className="button button--orange" disabled={isSubmitting}>
                  {t('auth.forgot.submit')}
                </button>
              </div>
            </Form>
          )}
        </Formik>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
