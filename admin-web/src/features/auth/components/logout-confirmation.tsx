import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal';

interface LogoutConfirmationProps {
  onConfirm: () => void;
  onCancel: () => void;
}

export function LogoutConfirmation({ onConfirm, onCancel }: LogoutConfirmationProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('logout.title')}
      size="small"
      onClose={onCancel}
      buttons={[
        { text: t('logout.cancel'), theme: 'grey', onClick: onCancel },
        { text: t('logout.confirm'), theme: 'orange', onClick: onConfirm },
      ]}
    >
      <p>{t('logout.confirmText')}</p>
    </Modal>
  );
}
