import { useTranslation } from 'react-i18next';
import type { SubmissionSummary } from '@pagelog/contracts/forms/submission';

/** A submission's status as a word, with why it is suspected of spam, and "Erased" once its data is gone. */
export function SubmissionStatus({ submission }: { submission: SubmissionSummary }) {
  const { t } = useTranslation();
  const reasons = submission.reasons.map((reason) => t(`forms.reasons.${reason}`)).join(', ');
  return (
    <span className="submission-status">
      {t(`forms.status.${submission.status}`)}
      {submission.suspected && submission.status === 'spam' && <span className="submission-status__detail"> · {t('forms.suspected', { reasons })}</span>}
      {submission.submitter === null && <span className="submission-status__detail"> · {t('forms.erased')}</span>}
    </span>
  );
}
