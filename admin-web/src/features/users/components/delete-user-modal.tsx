import { useTranslation } from 'react-i18next';
import type { UserView } from '@pagelog/contracts/users/user';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal } from '../../../components/modal/modal';
import { useDeleteUser } from '../state/use-delete-user';
import { displayName } from './display-name';

/** Asks before deleting a user; Delete deletes and closes, Cancel keeps the user. */
export function DeleteUserModal({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { t } = useTranslation();
  const deletion = useDeleteUser();

  async function confirm() {
    if (await deletion.mutateAsync(String(user.ID))) onClose();
  }

  return (
    <Modal
      title={t('users.delete.title')}
      size="small"
      onClose={onClose}
      buttons={[
        { text: t('users.delete.cancel'), theme: 'grey', onClick: onClose },
        { text: t('users.delete.confirm'), theme: 'orange', disabled: deletion.isPending, onClick: () => void confirm() },
      ]}
    >
      <ErrorList collection="users-overview" />
      <p>{t('users.delete.question', { name: displayName(user) })}</p>
    </Modal>
  );
}
