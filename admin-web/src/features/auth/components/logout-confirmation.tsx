import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal';

interface LogoutConfirmationProps {
  onConfirm: () => void;
  onCancel: () => void;
  /** While logging out, the buttons wait. */
  busy?: boolean;
}

export function LogoutConfirmation({ onConfirm, onCancel, busy = false }: LogoutConfirmationProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('logout.title')}
      size="small"
      onClose={onCancel}
      buttons={[
        { text: t('logout.cancel'), theme: 'grey', disabled: busy, onClick: onCancel },
        { text: t('logout.confirm'), theme: 'orange', disabled: busy, onClick: onConfirm },
      ]}
    >
      <p>{t('logout.confirmText')}</p>
    </Modal>
  );
}
