import type { FormId } from '../forms/forms';
import { streamOf } from './event';
import type { Sealed } from './user-events';

/**
 * The public forms' events (issue 16). A submission is a stream of its own; everything the
 * visitor typed is sealed with a key of that submission's own (`form-submission-<id>`), and
 * every submission carries the submitter's index (a keyed hash of their e-mail address). Erasing
 * a submitter destroys the keys of all their submissions (found by the index), a retention
 * period destroys the key of each old submission; either way the history keeps that something
 * was sent, and reads as "erased".
 */

export const submissionStream = (submissionId: string) => streamOf<FormSubmissionEvent>(`form-submission-${submissionId}`);

/** The vault owner whose key seals a submission's values. */
export const submissionOwner = (submissionId: string) => `form-submission-${submissionId}`;

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
    /** The values (FormValues), sealed with the submission's own key (submissionOwner). */
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

/**
 * The submission's key was destroyed: its values can no longer be read, anywhere (events,
 * read models, backups of either). `reason`: the submitter asked (erased by e-mail address in
 * the Forms area), or the form's retention period ran out.
 */
export interface FormSubmissionErased {
  type: 'FormSubmissionErased';
  data: { submissionId: string; reason: 'request' | 'retention' };
}

/**
 * A newsletter subscription (a newsletter or newsletter popup submission) confirmed by the link
 * mailed to its address (double opt-in). Until then nothing is sent to it but that one mail.
 */
export interface NewsletterSubscriptionConfirmed {
  type: 'NewsletterSubscriptionConfirmed';
  data: { submissionId: string };
}

export type FormSubmissionEvent = FormSubmitted | FormSubmissionHandled | FormSubmissionSpamReviewed | FormSubmissionErased | NewsletterSubscriptionConfirmed;
