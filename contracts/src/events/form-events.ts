import type { FormId } from '../forms/forms';
import { streamOf } from './event';
import type { Sealed } from './user-events';

/**
 * The public forms' events (issue 16). A submission is a stream of its own; everything the
 * visitor typed is sealed with the key of the submitter (`submitter-<index>`, the index a keyed
 * hash of their e-mail address), so erasing a submitter destroys one key and every submission
 * and subscription of theirs reads as erased, while the history keeps that something was sent.
 */

export const submissionStream = (submissionId: string) => streamOf<FormSubmissionEvent>(`form-submission-${submissionId}`);

/** The vault owner whose key seals a submitter's data. */
export const submitterOwner = (submitterIndex: string) => `submitter-${submitterIndex}`;

/** Why a submission is suspected of being spam: the hidden field was filled in, or it came faster than a person types. */
export type SpamReason = 'honeypot' | 'too-fast';

/** A visitor sent a form, and the server took its values. */
export interface FormSubmitted {
  type: 'FormSubmitted';
  data: {
    submissionId: string;
    form: FormId;
    /** The locale of the page it was sent from. */
    locale: string;
    /** The page the form was on (null for the popup, or a page since gone). */
    pageId: string | null;
    /** The keyed hash of the submitter's e-mail address (their key is `submitter-<index>`). */
    submitterIndex: string;
    /** The values (FormValues), sealed with the submitter's key. */
    values: Sealed;
    /** Kept and flagged, never dropped: an administrator reviews it. */
    spam: { suspected: boolean; reasons: SpamReason[] };
  };
}

/** Someone in the Forms area marked a submission as dealt with, or as open again. */
export interface FormSubmissionHandled {
  type: 'FormSubmissionHandled';
  data: { submissionId: string; handled: boolean };
}

/** An administrator reviewed a submission suspected of spam: it is spam after all, or it is not. */
export interface FormSubmissionSpamReviewed {
  type: 'FormSubmissionSpamReviewed';
  data: { submissionId: string; spam: boolean };
}

export type FormSubmissionEvent = FormSubmitted | FormSubmissionHandled | FormSubmissionSpamReviewed;
