import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/error-list/error-list';
import { sameProperty } from '../../../components/form-field/text-field';
import { Modal } from '../../../components/modal/modal';
import { useErrorCollection } from '../../../core/errors/error-store-context';
import { formatDateTime } from '../../../core/format/date-time';
import { usePageEditorState, usePageEditorStore } from '../state/page-editor-context';

/**
 * The AcceptRequest activity: the request's comment, requester and date, a Feedback field, and
 * Accept and publish or Reject (which needs feedback: the requester is told why).
 */
export function ReviewRequestModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const store = usePageEditorStore();
  const { request, page, busy } = usePageEditorState();
  const errors = useErrorCollection('publication-requests');
  const feedbackId = useId();
  const hintId = useId();
  const [feedback, setFeedback] = useState('');
  const invalid = errors.some((error) => sameProperty(error.property, 'feedback'));
  const requestedAt = request?.resentAt ?? request?.requestedAt ?? page?.openRequest?.requestedAt;
  const comment = request?.comment ?? page?.openRequest?.comment ?? '';

  async function decide(accept: boolean) {
    const done = accept ? await store.acceptRequest(feedback) : await store.rejectRequest(feedback);
    if (done) onClose();
  }

  return (
    <Modal
      title={t('pages.editor.review.title')}
      onClose={onClose}
      buttons={[
        { text: t('pages.editor.review.cancel'), theme: 'grey', onClick: onClose },
        { text: t('pages.editor.review.reject'), theme: 'grey', disabled: busy !== null, onClick: () => void decide(false) },
        { text: t('pages.editor.review.accept'), theme: 'orange', disabled: busy !== null, onClick: () => void decide(true) },
      ]}
    >
      <div className="form">
        <dl className="details-list">
          <dt>{t('pages.editor.review.requestedBy')}</dt>
          <dd>{request?.requestedByName || t('pages.editor.request.someone')}</dd>
          <dt>{t('pages.editor.review.requestedAt')}</dt>
          <dd>{formatDateTime(requestedAt)}</dd>
          <dt>{t('pages.editor.review.comment')}</dt>
          <dd className="details-list__text">{comment || t('pages.editor.review.noComment')}</dd>
        </dl>
        <ErrorList collection="publication-requests" />
        <div className="field">
          <label className="field__label" htmlFor={feedbackId}>
            {t('pages.editor.review.feedback')}
          </label>
          <textarea
            id={feedbackId}
            className="field__input"
            rows={4}
            value={feedback}
            autoFocus
            aria-invalid={invalid || undefined}
            aria-describedby={hintId}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <p id={hintId} className="form__hint">
            {t('pages.editor.review.feedbackHint')}
          </p>
        </div>
      </div>
    </Modal>
  );
}
