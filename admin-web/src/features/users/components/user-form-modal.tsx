import { useEffect, useId, useState } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { RoleView } from '@pagelog/contracts/permissions';
import type { UserView } from '@pagelog/contracts/users/user';
import { ErrorList } from '../../../components/error-list/error-list';
import { SelectField } from '../../../components/form-field/select-field';
import { TextField } from '../../../components/form-field/text-field';
import { Modal } from '../../../components/modal/modal';
import { useUsersApi, useUserStore } from '../state/user-store-context';
import type { UserFormValues } from '../state/user-store';

interface UserFormModalProps {
  /** The user to edit; without one the modal adds a user. */
  user?: UserView;
  onClose: () => void;
}

/** Adding or editing a user: name, email, job title and role; Save stores and closes. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const store = useUserStore();
  const formId = useId();
  const roles = useRoles();
  const [saving, setSaving] = useState(false);

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
        { text: t('users.form.save'), theme: 'orange', form: formId, disabled: saving },
      ]}
    >
      <Formik
        initialValues={initialValues}
        onSubmit={async (values) => {
          setSaving(true);
          try {
            const ok = user ? await store.updateUser(String(user.ID), values) : await store.createUser(values);
            if (ok) onClose();
          } finally {
            setSaving(false);
          }
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
        </Form>
      </Formik>
    </Modal>
  );
}

/** The roles for the picker (GET /role/list); null while loading. */
function useRoles(): RoleView[] | null {
  const users = useUsersApi();
  const [roles, setRoles] = useState<RoleView[] | null>(null);
  useEffect(() => {
    let current = true;
    void users.listRoles().then((reply) => {
      if (!current) return;
      if (reply.Success && Array.isArray(reply.data)) setRoles(reply.data);
      else {
        console.error('The roles could not be loaded.', reply.Errors);
        setRoles([]);
      }
    });
    return () => {
      current = false;
    };
  }, [users]);
  return roles;
}
