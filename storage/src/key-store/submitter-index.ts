import { blindIndex } from './personal-data-vault';

/**
 * The keyed hash a form submitter is found by (issue 16): of their e-mail address however it was
 * written, never the users' e-mail index. The command that takes a form writes it; erasing a
 * submitter and its preview look it up.
 */
export function submitterIndex(secret: string, email: string): string {
  return blindIndex(secret, `submitter:${email.trim().toLowerCase()}`);
}
