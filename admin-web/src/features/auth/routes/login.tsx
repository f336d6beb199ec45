import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { loginSchema } from '@pagelog/contracts/users/schemas';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextField } from '../../../components/form-field/text-field';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateWith } from '../../../core/errors/validation-errors';
import { useCurrentUser, type SessionEndReason } from '../../../core/session/current-user';
import { returnPathAfterLogin } from '../../../core/session/session-redirect';
import { AuthCard } from '../components/auth-card';

export function LoginRoute() {
  const { t } = useTranslation();
  const session = useCurrentUser();
  const errors = useErrorStore();
  const location = useLocation();

  // Old errors do not greet someone who comes back to the screen.
  useEffect(() => () => errors.clear('login'), [errors]);

  if (session.status === 'authenticated') return <Navigate to={returnPathAfterLogin(location.state)} replace />;

  return (
    <AuthCard title={t('auth.login.title')}>
      {session.status === 'unknown' ? (
        <p role="status">{t('session.checking')}</p>
      ) : (
        <>
          <EndNotice reason={session.endReason} />
          <Formik
            initialValues={{ email: '', password: '' }}
            onSubmit={async (values) => {
              errors.clear('login');
              const checked = await validateWith(loginSchema, values, 'user');
              if (!checked.ok) {
                errors.set('login', checked.errors);
                return;
              }
              await session.logIn(checked.value);
            }}
          >
            {({ isSubmitting }) => (
              <Form className="form" noValidate>
                <ErrorList collection="login" />
                <TextField name="email" label={t('auth.fields.email')} type="email" autoComplete="username" errorCollection="login" />
                <TextField name="password" label={t('auth.fields.password')} type="password" autoComplete="current-password" errorCollection="login" />
                <div className="form__actions">
                  <button type="submit" className="button button--orange" disabled={isSubmitting}>
                    {t('auth.login.submit')}
                  </button>
                  <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
                </div>
              </Form>
            )}
          </Formik>
        </>
      )}
    </AuthCard>
  );
}

function EndNotice({ reason }: { reason: SessionEndReason | null }) {
  const { t } = useTranslation();
  if (reason === null) return null;
  const text = reason === 'inactivity' ? t('auth.login.inactivityNotice') : reason === 'expired' ? messageFor('AUTH_05') : t('auth.login.loggedOutNotice');
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}
