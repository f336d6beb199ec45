import { readModels } from '@pagelog/contracts/read-models';
import type { FormSubmissionEvent } from '@pagelog/contracts/events/form-events';
import { submissionStatus, type SubmissionDoc } from '@pagelog/contracts/forms/submission-docs';
import type { UnitOfWork } from '@pagelog/storage/read-model-store/read-model-store';
import { alreadyApplied, defineProjection, type RecordedOf } from '../core/projection';

const submissions = readModels.formSubmissions.collection;

/** A change of a submission this projection knows, skipped when it has seen the event. */
function onSubmission<K extends 'FormSubmissionHandled' | 'FormSubmissionSpamReviewed' | 'FormSubmissionErased' | 'NewsletterSubscriptionConfirmed'>(change: (event: RecordedOf<K>) => Partial<SubmissionDoc>) {
  return async (event: RecordedOf<K>, uow: UnitOfWork) => {
    const doc = await uow.get<SubmissionDoc>(submissions, event.data.submissionId);
    if (!doc || alreadyApplied(doc, event)) return;
    const next = { ...doc, ...change(event), revision: event.revision };
    uow.put(submissions, doc.id, { ...next, status: submissionStatus(next) } satisfies SubmissionDoc);
  };
}

/**
 * The public forms' submissions (issue 16), one document each, for the Forms area's list and
 * filters (form, status, time). The values are copied as sealed: only the query service opens
 * them, with the submission's own key.
 */
export const submissionsProjection = defineProjection<FormSubmissionEvent['type']>({
  name: readModels.formSubmissions.projection,
  version: 2,
  collections: [{ name: submissions, indexes: ['form', 'status', 'receivedAt', 'submitterIndex'] }],
  prefetch(events) {
    return [{ collection: submissions, ids: events.map((e) => (e.data as { submissionId: string }).submissionId) }];
  },
  handlers: {
    async FormSubmitted(event, uow) {
      const d = event.data;
      if (alreadyApplied(await uow.get<SubmissionDoc>(submissions, d.submissionId), event)) return;
      const doc = {
        id: d.submissionId,
        form: d.form,
        locale: d.locale,
        pageId: d.pageId,
        submitterIndex: d.submitterIndex,
        values: d.values,
        receivedAt: event.metadata.occurredAt,
        position: event.position,
        handled: false,
        suspected: d.spam.suspected,
        reasons: d.spam.reasons,
        reviewedSpam: null,
        erasedAt: null,
        erasedBy: null,
        confirmedAt: null,
        revision: event.revision,
      };
      uow.put(submissions, d.submissionId, { ...doc, status: submissionStatus(doc) } satisfies SubmissionDoc);
    },
    FormSubmissionHandled: onSubmission((event) => ({ handled: event.data.handled })),
    FormSubmissionSpamReviewed: onSubmission((event) => ({ reviewedSpam: event.data.spam })),
    // The sealed copy goes too: nothing of the values is kept once the key is gone.
    FormSubmissionErased: onSubmission((event) => ({ values: '', erasedAt: event.metadata.occurredAt, erasedBy: event.data.reason })),
    NewsletterSubscriptionConfirmed: onSubmission((event) => ({ confirmedAt: event.metadata.occurredAt })),
  },
});
