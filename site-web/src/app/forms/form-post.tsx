import type { DownloadLink } from '@pagelog/contracts/forms/gated-download';
import { createContext, useContext } from 'react';

/**
 * A form sent without JavaScript, as the page answering it shows it (issue 16): which form block
 * it was, what the visitor had typed, and the server's answer: the refusals under their fields
 * (and a summary above), a throttled answer, or the thank-you text instead of the form.
 */
export interface FormPostState {
  /** The key of the form block that was sent (unique on its page). */
  blockKey: string;
  /** The fields as posted. */
  values: Record<string, string | string[]>;
  outcome: 'accepted' | 'refused' | 'throttled';
  /** Field name → the message shown under it, in the page's language. */
  fieldErrors: Record<string, string>;
  /** Said above the form: what is wrong overall (throttled, or how many fields need a look). */
  summary: string;
  /** The time the answered page was made: the form was shown then (its STARTED_FIELD). */
  shownAt: number;
  /** An accepted download form: the link to the page's file (gated-download.ts). */
  download?: DownloadLink;
}

const FormPostContext = createContext<FormPostState | null>(null);

export const FormPostProvider = FormPostContext.Provider;

/** The posted state of the form block with this key, if the page answers a post of it. */
export function useFormPost(blockKey: string): FormPostState | null {
  const post = useContext(FormPostContext);
  return post !== null && post.blockKey === blockKey ? post : null;
}
