import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal/modal';

interface RemoveAllPagesDialogProps {
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before the public index is emptied: the site's search finds nothing until the next reindex. */
export function RemoveAllPagesDialog({ onConfirm, onCancel }: RemoveAllPagesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('searchIndex.confirmRemoval.title')}
      size="small"
      onClose={onCancel}
      buttons={[
        { text: t('searchIndex.confirmRemoval.cancel'), theme: 'grey', onClick: onCancel },
        { text: t('searchIndex.confirmRemoval.remove'), theme: 'orange', onClick: onConfirm },
      ]}
    >
      <p className="notice__text">{t('searchIndex.confirmRemoval.text')}</p>
    </Modal>
  );
}
