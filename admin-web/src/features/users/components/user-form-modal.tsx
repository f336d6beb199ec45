import { useCallback, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@pagelog/contracts/users/user';
import { ErrorList } from '../../../components/error-list/error-list';
import { ErrorsFollowForm } from '../../../components/form-field/errors-follow-form';
import { SelectField } from '../../../components/form-field/select-field';
import { TextField } from '../../../components/form-field/text-field';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { userQueries } from '../api/user-queries';
import { checkUserForm, userFormFieldOrder } from '../state/check-user-form';
import { useSaveUser, type UserFormValues } from '../state/use-save-user';

interface UserFormModalProps {
  /** The user to edit; without one the modal adds a user. */
  user?: UserView;
  onClose: () => void;
}

/** Adding or editing a user: name, email, job title and role; Save stores and closes. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const saving = useSaveUser(user);
  const formId = useId();
  const editing = user !== undefined;
  const check = useCallback((values: UserFormValues) => checkUserForm(values, editing), [editing]);
  const rolesRead = useQuery(userQueries.roles(api));
  // null while loading; none when they could not be read (logged).
  const roles = rolesRead.isPending ? null : Array.isArray(rolesRead.data) ? rolesRead.data : [];

  const initialValues: UserFormValues = {
    name: user?.name ?? user?.profile?.name ?? '',
    email: user?.email ?? '',
    jobTitle: user?.jobTitle ?? user?.profile?.jobTitle ?? '',
    role: user?.role?.ID ?? '',
  };

  return (
    <Modal
      title={user ? t('users.form.editTitle') : t('users.form.addTitle')}
      onClose={onClose}
      buttons={[
        { text: t('users.form.cancel'), theme: 'grey', onClick: onClose },
        { text: t('users.form.save'), theme: 'orange', form: formId, disabled: saving.isPending },
      ]}
    >
      <Formik
        initialValues={initialValues}
        onSubmit={async (values) => {
          if (await saving.mutateAsync(values)) onClose();
        }}
      >
        <Form id={formId} className="form" noValidate>
          <ErrorList collection="users-overview" />
          <TextField name="name" label={t('users.fields.name')} autoComplete="off" errorCollection="users-overview" autoFocus />
          <TextField name="email" label={t('users.fields.email')} type="email" autoComplete="off" errorCollection="users-overview" />
          <TextField name="jobTitle" label={t('users.fields.jobTitle')} autoComplete="off" errorCollection="users-overview" />
          <SelectField name="role" label={t('users.fields.role')} errorCollection="users-overview">
            <option value="">{roles === null ? t('users.form.loadingRoles') : t('users.form.chooseRole')}</option>
            {(roles ?? []).map((role) => (
              <option key={role.ID} value={role.ID}>
                {role.name}
              </option>
            ))}
          </SelectField>
          <ErrorsFollowForm collection="users-overview" check={check} fields={userFormFieldOrder} />
        </Form>
      </Formik>
    </Modal>
  );
}
