import { FormikProvider, useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { Modal } from '../../../components/modal/modal';
import { formatDateTime } from '../../../core/format/date-time';
import { usePageEditor } from '../state/page-editor-context';

/**
 * The AcceptRequest activity: the request's comment, requester and date, a Feedback field, and
 * Accept and publish or Reject (which needs feedback: the requester is told why).
 */
export function ReviewRequestModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { request, page, busy, actions } = usePageEditor();
  // The footer's buttons decide, so the form is held here and handed to the field below.
  const form = useFormik({ initialValues: { feedback: '' }, onSubmit: () => {} });
  const requestedAt = request?.resentAt ?? request?.requestedAt ?? page.openRequest?.requestedAt;
  const comment = request?.comment ?? page.openRequest?.comment ?? '';

  async function decide(accept: boolean) {
    const { feedback } = form.values;
    const done = accept ? await actions.acceptRequest(feedback) : await actions.rejectRequest(feedback);
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
      <FormikProvider value={form}>
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
          <TextAreaField name="feedback" label={t('pages.editor.review.feedback')} hint={t('pages.editor.review.feedbackHint')} errorCollection="publication-requests" autoFocus />
        </div>
      </FormikProvider>
    </Modal>
  );
}
