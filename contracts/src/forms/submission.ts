import type { FormId } from './forms';

/** What forms/submit answers for a submission it took. */
export interface FormSubmissionAccepted {
  submissionId: string;
  form: FormId;
}
