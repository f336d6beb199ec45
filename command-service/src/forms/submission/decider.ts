import { NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import type { FormSubmissionEvent, FormSubmitted } from '@pagelog/contracts/events/form-events';
import type { FormId } from '@pagelog/contracts/forms/forms';
import { assertNever, type Decider } from '../../core/decider';

/**
 * A submission of a public form (issue 16): taken once, with its values sealed; then marked
 * handled (or open again) in the Forms area, and a suspected one reviewed as spam or not.
 */
export interface SubmissionState {
  exists: boolean;
  submissionId: string;
  form: FormId | null;
  handled: boolean;
  /** Suspected when it came in; settled by a review. */
  spam: boolean;
  /** Its key destroyed: the values are gone. */
  erased: boolean;
  /** A newsletter subscription confirmed by its link. */
  confirmed: boolean;
}

export const initialSubmissionState: SubmissionState = { exists: false, submissionId: '', form: null, handled: false, spam: false, erased: false, confirmed: false };

export type SubmissionCommand =
  | { type: 'SubmitForm'; data: FormSubmitted['data'] }
  | { type: 'MarkHandled'; data: { handled: boolean } }
  | { type: 'ReviewSpam'; data: { spam: boolean } }
  /** Records that the key was destroyed (the caller destroys it first, then records it; a repeat records nothing). */
  | { type: 'RecordErasure'; data: { reason: 'request' | 'retention' } }
  | { type: 'ConfirmSubscription' };

const MODEL = 'form';

export const submissionDecider: Decider<SubmissionCommand, FormSubmissionEvent, SubmissionState> = {
  initialState: initialSubmissionState,
  evolve(state, event) {
    switch (event.type) {
      case 'FormSubmitted':
        return { ...initialSubmissionState, exists: true, submissionId: event.data.submissionId, form: event.data.form, spam: event.data.spam.suspected };
      case 'FormSubmissionHandled':
        return { ...state, handled: event.data.handled };
      case 'FormSubmissionSpamReviewed':
        return { ...state, spam: event.data.spam };
      case 'FormSubmissionErased':
        return { ...state, erased: true };
      case 'NewsletterSubscriptionConfirmed':
        return { ...state, confirmed: true };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'SubmitForm':
        // A new id every time: a second submission under one id is a bug, not a visitor.
        if (state.exists) throw new ValidationError([errorItem('V_07', 'submissionId', MODEL)]);
        return [{ type: 'FormSubmitted', data: command.data }];
      case 'MarkHandled':
        if (!state.exists) throw new NotFoundError('V_12', 'submissionId', MODEL);
        return state.handled === command.data.handled ? [] : [{ type: 'FormSubmissionHandled', data: { submissionId: state.submissionId, handled: command.data.handled } }];
      case 'ReviewSpam':
        if (!state.exists) throw new NotFoundError('V_12', 'submissionId', MODEL);
        return state.spam === command.data.spam ? [] : [{ type: 'FormSubmissionSpamReviewed', data: { submissionId: state.submissionId, spam: command.data.spam } }];
      case 'RecordErasure':
        if (!state.exists) throw new NotFoundError('V_12', 'submissionId', MODEL);
        return state.erased ? [] : [{ type: 'FormSubmissionErased', data: { submissionId: state.submissionId, reason: command.data.reason } }];
      case 'ConfirmSubscription': {
        // Only a newsletter subscription is confirmed, once, and never after its data was erased.
        const subscription = state.form === 'newsletter' || state.form === 'newsletterPopup';
        if (!state.exists || !subscription || state.erased) throw new NotFoundError('V_12', 'submissionId', MODEL);
        return state.confirmed ? [] : [{ type: 'NewsletterSubscriptionConfirmed', data: { submissionId: state.submissionId } }];
      }
      default:
        return assertNever(command);
    }
  },
};
