import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { forms } from '@pagelog/contracts/forms/forms';
import type { SubmissionDetails } from '@pagelog/contracts/forms/submission';
import { ErrorList } from '../../../components/error-list/error-list';
import { useApi } from '../../../core/api/api-context';
import { EndpointError } from '../../../core/api/endpoint-query';
import { formatDateTime } from '../../../core/format/date-time';
import { useCurrentUser } from '../../../core/session/current-user';
import { formsQueries } from '../api/forms-queries';
import { EraseSubmitterModal } from '../components/erase-submitter-modal';
import { SubmissionStatus } from '../components/submission-status';
import { useSubmissionActions } from '../state/use-submission-actions';

/** /cmsadmin/forms/submission/:id (issue 16), for manage-forms: one submission with every field labelled, and what can be done with it. */
export function FormSubmissionRoute() {
  const { t } = useTranslation();
  const { hasPermission } = useCurrentUser();
  const { id = '' } = useParams();
  if (!hasPermission('manage-forms')) {
    return (
      <section className="screen">
        <h1 className="screen__title">{t('forms.detail.title')}</h1>
        <p className="screen__description">{messageFor('UM_01')}</p>
      </section>
    );
  }
  return <SubmissionScreen id={id} />;
}

function SubmissionScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const submission = useQuery(formsQueries.detail(api, id));
  const data = submission.data;
  const notFound = submission.error instanceof EndpointError && submission.error.status === 404;

  return (
    <section className="screen forms-submission">
      <p>
        <Link to="/forms">{t('forms.back')}</Link>
      </p>
      <h1 className="screen__title">{data ? `${t('forms.detail.title')}: ${forms[data.form].adminLabel}` : t('forms.detail.title')}</h1>
      <ErrorList collection="forms" />
      {data ? (
        <SubmissionView submission={data} />
      ) : notFound ? (
        <p className="notice">{t('forms.detail.notFound')}</p>
      ) : submission.isError ? (
        <p className="notice">{t('dashboard.failed')}</p>
      ) : (
        <p role="status">{t('forms.detail.loading')}</p>
      )}
    </section>
  );
}

function SubmissionView({ submission }: { submission: SubmissionDetails }) {
  const { t } = useTranslation();
  const { handled, spam } = useSubmissionActions(submission.id);
  const [erasing, setErasing] = useState(false);
  const [erasedCount, setErasedCount] = useState<number | null>(null);
  const busy = handled.isPending || spam.isPending;

  return (
    <>
      <dl className="facts">
        <dt>{t('forms.detail.received')}</dt>
        <dd>{formatDateTime(submission.receivedAt)}</dd>
        <dt>{t('forms.detail.form')}</dt>
        <dd>{forms[submission.form].adminLabel}</dd>
        <dt>{t('forms.detail.locale')}</dt>
        <dd>{submission.locale}</dd>
        <dt>{t('forms.detail.status')}</dt>
        <dd>
          <SubmissionStatus submission={submission} />
        </dd>
      </dl>

      <h2 className="area__title">{t('forms.detail.values')}</h2>
      {submission.values === null ? (
        <p className="notice">{t('forms.detail.erasedNote')}</p>
      ) : (
        <dl className="facts submission-values">
          {submission.values.map((value) => (
            <div key={value.field} className="submission-values__row">
              <dt>{value.label}</dt>
              <dd className="submission-values__value">{value.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {erasedCount !== null && <p role="status">{t('forms.erase.done', { count: erasedCount })}</p>}

      <div className="form__actions">
        {submission.status !== 'spam' && (
          <button type="button" className="button button--orange" disabled={busy} onClick={() => handled.mutate(submission.status !== 'handled')}>
            {submission.status === 'handled' ? t('forms.detail.reopen') : t('forms.detail.markHandled')}
          </button>
        )}
        {submission.suspected && (
          <div role="group" aria-label={t('forms.detail.spamReview')} className="button-group">
            <button type="button" className="button button--grey" disabled={busy} aria-pressed={submission.status !== 'spam'} onClick={() => spam.mutate(false)}>
              {t('forms.detail.notSpam')}
            </button>
            <button type="button" className="button button--grey" disabled={busy} aria-pressed={submission.status === 'spam'} onClick={() => spam.mutate(true)}>
              {t('forms.detail.spam')}
            </button>
          </div>
        )}
        {submission.submitter !== null && (
          <button type="button" className="button button--grey button--danger" onClick={() => setErasing(true)}>
            {t('forms.detail.erase')}
          </button>
        )}
      </div>
      {erasing && submission.submitter && (
        <EraseSubmitterModal
          email={submission.submitter.email}
          onClose={() => setErasing(false)}
          onErased={(count) => {
            setErasing(false);
            setErasedCount(count);
          }}
        />
      )}
    </>
  );
}
