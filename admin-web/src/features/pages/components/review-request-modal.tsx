import { FormikProvider, useFormik } from 'formik';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorList } from '../../../components/error-list/error-list';
import { TextAreaField } from '../../../components/form-field/text-area-field';
import { Modal } from '../../../components/modal/modal';
import { useApi } from '../../../core/api/api-context';
import { endpointQuery } from '../../../core/api/endpoint-query';
import { formatDateTime } from '../../../core/format/date-time';
import { usePageEditor } from '../state/page-editor-context';
import { VersionChangesList } from './version-changes-list';

/**
 * The AcceptRequest activity: the request's comment, requester and date, a preview link, the
 * changes against the live version, a Feedback field, and Accept and publish or Reject (which
 * needs feedback: the requester is told why).
 */
export function ReviewRequestModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { request, page, busy, actions } = usePageEditor();
  // The footer's buttons decide, so the form is held here and handed to the field below.
  const form = useFormik({ initialValues: { feedback: '' }, onSubmit: () => {} });
  const requestedAt = request?.resentAt ?? request?.requestedAt ?? page.openRequest?.requestedAt;
  const comment = request?.comment ?? page.openRequest?.comment ?? '';
  // A signed link to the version under review as the site would show it (a week long).
  const versionId = request?.versionID ?? page.openRequest?.versionId ?? '';
  const api = useApi();
  const link = useQuery({ ...endpointQuery(api, 'pageVersionPreviewLink', { params: { id: versionId } }), enabled: versionId !== '', staleTime: 60_000 });

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
            <dt>{t('pages.editor.review.preview')}</dt>
            <dd>
              {link.data?.url ? (
                <>
                  <a href={link.data.url} target="_blank" rel="noopener noreferrer">
                    {t('pages.editor.review.openPreview')}
                  </a>{' '}
                  <span className="form__hint">{t('pages.editor.review.previewUntil', { date: formatDateTime(link.data.expiresAt) })}</span>
                </>
              ) : link.isError ? (
                t('pages.editor.review.previewFailed')
              ) : (
                t('pages.editor.review.previewLoading')
              )}
            </dd>
            <dt>{t('pages.editor.review.changes')}</dt>
            <dd>{versionId !== '' ? <VersionChangesList versionId={versionId} liveVersionId={page.publishedVersionID} /> : null}</dd>
          </dl>
          <ErrorList collection="publication-requests" />
          <TextAreaField name="feedback" label={t('pages.editor.review.feedback')} hint={t('pages.editor.review.feedbackHint')} errorCollection="publication-requests" autoFocus />
        </div>
      </FormikProvider>
    </Modal>
  );
}
