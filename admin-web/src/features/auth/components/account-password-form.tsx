import { useCallback, useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { resetAccountSchema } from '@pagelog/contracts/users/schemas';
import { ErrorList } from '../../../components/error-list/error-list';
import { ErrorsFollowForm } from '../../../components/form-field/errors-follow-form';
import { TextField } from '../../../components/form-field/text-field';
import { useApi } from '../../../core/api/api-context';
import { useErrorStore } from '../../../core/errors/error-store-context';
import { validateSyncWith, validateWith } from '../../../core/errors/validation-errors';
import { resetAccount } from '../api/auth-calls';
import { AuthCard } from './auth-card';
import { BackToLogin } from './back-to-login';

/** The form's fields in their order on screen, which its error summary follows. */
const fieldOrder = ['password', 'confirm'] as const;

interface AccountPasswordFormProps {
  collection: 'reset-password' | 'activate-account';
  title: string;
  intro: string;
  submit: string;
  done: string;
}

/**
 * Choosing a password from a mailed link (?token=…): the password reset and the account
 * activation both post {password, confirm, token} to /auth/reset-account.
 */
export function AccountPasswordForm({ collection, title, intro, submit, done }: AccountPasswordFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const errors = useErrorStore();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => () => errors.clear(collection), [errors, collection]);
  const check = useCallback(
    (values: { password: string; confirm: string }) => {
      const checked = validateSyncWith(resetAccountSchema, { ...values, token }, 'user');
      return checked.ok ? [] : checked.errors;
    },
    [token],
  );

  return (
    <AuthCard title={title}>
      {succeeded ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : (
        <Formik
          initialValues={{ password: '', confirm: '' }}
          onSubmit={async (values) => {
            errors.clear(collection);
            const checked = await validateWith(resetAccountSchema, { ...values, token }, 'user');
            if (!checked.ok) {
              errors.set(collection, checked.errors);
              return;
            }
            const reply = await resetAccount(api, checked.value);
            if (reply.Success) setSucceeded(true);
            else errors.set(collection, reply.Errors);
          }}
        >
          {({ isSubmitting }) => (
            <Form className="form" noValidate>
              <p className="form__intro">{intro}</p>
              <ErrorList collection={collection} />
              <TextField name="password" label={t('auth.fields.password')} type="password" autoComplete="new-password" errorCollection={collection} />
              <TextField name="confirm" label={t('auth.fields.confirmPassword')} type="password" autoComplete="new-password" errorCollection={collection} />
              <ErrorsFollowForm collection={collection} check={check} fields={fieldOrder} />
              <div className="form__actions">
                <button type="submit" className="button button--orange" disabled={isSubmitting}>
                  {submit}
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
