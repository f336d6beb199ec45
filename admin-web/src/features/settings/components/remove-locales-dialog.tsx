import { useTranslation } from 'react-i18next';
import type { LocaleWithPages } from '@pagelog/contracts/settings/site-settings';
import { Modal } from '../../../components/modal/modal';

interface RemoveLocalesDialogProps {
  removed: readonly LocaleWithPages[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a save takes locales off the site while pages are still written in them, naming how many. */
export function RemoveLocalesDialog({ removed, busy, onConfirm, onCancel }: RemoveLocalesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('siteSettings.locales.confirm.title', { count: removed.length })}
      onClose={onCancel}
      buttons={[
        { text: t('siteSettings.locales.confirm.cancel'), theme: 'grey', onClick: onCancel },
        { text: t('siteSettings.locales.confirm.remove', { count: removed.length }), theme: 'orange', disabled: busy, onClick: onConfirm },
      ]}
    >
      <ul className="notice__list">
        {removed.map(({ locale, pages }) => (
          <li key={locale}>{t('siteSettings.locales.confirm.item', { count: pages, locale: t(`siteSettings.locales.names.${locale}`, { defaultValue: locale }), code: locale })}</li>
        ))}
      </ul>
      <p className="notice__text">{t('siteSettings.locales.confirm.text')}</p>
    </Modal>
  );
}
