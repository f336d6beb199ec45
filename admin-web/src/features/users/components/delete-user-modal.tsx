import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@pagelog/contracts/users/user';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal } from '../../../components/modal/modal';
import { useUserStore } from '../state/user-store-context';
import { displayName } from './display-name';

/** Asks before deleting a user; Delete deletes and closes, Cancel keeps the user. */
export function DeleteUserModal({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useUserStore();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      if (await store.deleteUser(String(user.ID))) onClose();
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Modal
      title={t('users.delete.title')}
      size="small"
      onClose={onClose}
      buttons={[
        { text: t('users.delete.cancel'), theme: 'grey', onClick: onClose },
        { text: t('users.delete.confirm'), theme: 'orange', disabled: deleting, onClick: () => void confirm() },
      ]}
    >
      <ErrorList collection="users-overview" />
      <p>{t('users.delete.question', { name: displayName(user) })}</p>
    </Modal>
  );
}
