import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { FormSubmissionEvent, FormSubmitted } from '@pagelog/contracts/events/form-events';
import { deciderSpec } from '../../core/decider-spec';
import { submissionDecider, type SubmissionCommand } from './decider';

const submission = deciderSpec(submissionDecider);
const data: FormSubmitted['data'] = {
  submissionId: 's1',
  form: 'informationRequest',
  locale: 'nl-nl',
  pageId: 'p1',
  submitterIndex: 'abc',
  values: 'v1.x.y.z',
  spam: { suspected: false, reasons: [] },
};
const submitted: FormSubmissionEvent = { type: 'FormSubmitted', data };
const submit: SubmissionCommand = { type: 'SubmitForm', data };
const handled = (value: boolean): SubmissionCommand => ({ type: 'MarkHandled', data: { handled: value } });
const review = (spam: boolean): SubmissionCommand => ({ type: 'ReviewSpam', data: { spam } });

describe('form submission decider', () => {
  it('takes a submission once', () => {
    submission.given().when(submit).then([submitted]);
    submission.given(submitted).when(submit).thenFails(ValidationError, [{ code: 'V_07', property: 'submissionId', model: 'form' }]);
  });

  it('marks a submission handled and open again, recording nothing when nothing changes', () => {
    submission.given(submitted).when(handled(true)).then([{ type: 'FormSubmissionHandled', data: { submissionId: 's1', handled: true } }]);
    submission.given(submitted, { type: 'FormSubmissionHandled', data: { submissionId: 's1', handled: true } }).when(handled(true)).thenNothing();
    submission.given(submitted).when(handled(false)).thenNothing();
  });

  it('settles a suspected submission as spam or not', () => {
    const suspected: FormSubmissionEvent = { type: 'FormSubmitted', data: { ...data, spam: { suspected: true, reasons: ['honeypot'] } } };
    submission.given(suspected).when(review(false)).then([{ type: 'FormSubmissionSpamReviewed', data: { submissionId: 's1', spam: false } }]);
    submission.given(suspected).when(review(true)).thenNothing();
  });

  it('refuses a change of a submission that does not exist', () => {
    submission.given().when(handled(true)).thenFails(NotFoundError);
    submission.given().when(review(true)).thenFails(NotFoundError);
  });
});
