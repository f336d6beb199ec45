import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/error-list/error-list';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { formatDateTime } from '../../../core/format/date-time';
import { formsQueries } from '../api/forms-queries';
import { useEraseSubmitter } from '../state/use-submission-actions';

/**
 * Asks before erasing a submitter: names what will go (their submissions per form, the newsletter
 * subscriptions among them, the days they came in, from forms/submitter) and erases only once the
 * user has ticked that they understand. Erase erases and closes, saying how many went.
 */
export function EraseSubmitterModal({ email, onClose, onErased }: { email: string; onClose: () => void; onErased: (count: number) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const checkboxId = useId();
  const [understood, setUnderstood] = useState(false);
  const preview = useQuery(formsQueries.submitter(api, email));
  const erase = useEraseSubmitter();
  const data = preview.data;
  const nothing = data !== undefined && data.total === 0;

  async function confirm() {
    const erased = await erase.mutateAsync(email);
    if (erased !== null) onErased(erased);
  }

  return (
    <Modal
      title={t('forms.erase.title')}
      size="small"
      onClose={onClose}
      buttons={[
        { text: t('forms.erase.cancel'), theme: 'grey', onClick: onClose },
        { text: t('forms.erase.confirm'), theme: 'orange', disabled: !understood || !data || nothing || erase.isPending, onClick: () => void confirm() },
      ]}
    >
      <ErrorList collection="forms" />
      {!data ? (
        <p role="status">{preview.isError ? t('dashboard.failed') : t('forms.erase.loading')}</p>
      ) : nothing ? (
        <p>{t('forms.erase.nothing', { email: data.email })}</p>
      ) : (
        <>
          <p>{t('forms.erase.intro', { email: data.email })}</p>
          <ul>
            {data.forms.map((entry) => (
              <li key={entry.form}>{t('forms.erase.perForm', { form: entry.label, count: entry.count })}</li>
            ))}
          </ul>
          {data.newsletterSubscriptions > 0 && <p>{t('forms.erase.subscriptions', { count: data.newsletterSubscriptions })}</p>}
          <p>{t('forms.erase.period', { first: formatDateTime(data.firstReceivedAt), last: formatDateTime(data.lastReceivedAt) })}</p>
          <p>{t('forms.erase.history')}</p>
          <p className="form-field form-field--checkbox">
            <input id={checkboxId} type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
            <label htmlFor={checkboxId}>{t('forms.erase.confirmLabel')}</label>
          </p>
        </>
      )}
    </Modal>
  );
}
