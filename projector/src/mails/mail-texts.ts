import { adminLinks, tokenLink } from '@pagelog/contracts/users/user';
import type { MailMessage } from '@pagelog/storage/mail/mailer';

/** Someone to write to: an address and a name. */
export interface Recipient {
  email: string;
  name: string;
}

/** What a workflow mail says of the page. */
export interface PageInMail {
  title: string;
  locale: string;
}

const quoted = (label: string, text: string) => (text.trim() === '' ? '' : `\n${label}:\n${text.trim().replace(/^/gm, '> ')}\n`);

/** Links are built from the configured public URL, never from a request's Host header. */
export function activationMail(to: Recipient, publicUrl: string, token: string): MailMessage {
  return {
    to: to.email,
    subject: 'Activate your Pagelog account',
    text: `Hello ${to.name},\n\nAn account has been created for you. Choose a password to activate it:\n\n${tokenLink(publicUrl, adminLinks.activateAccount, token)}\n\nThe link works once and expires in 7 days.\n`,
  };
}

export function resetMail(to: Recipient, publicUrl: string, token: string): MailMessage {
  return {
    to: to.email,
    subject: 'Reset your Pagelog password',
    text: `Hello ${to.name},\n\nSomeone asked to reset the password of your account. If that was you, choose a new password here:\n\n${tokenLink(publicUrl, adminLinks.resetPassword, token)}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this mail.\n`,
  };
}

export function requestMail(to: Recipient, requester: string, page: PageInMail, comment: string, link: string, reminder: boolean): MailMessage {
  return {
    to: to.email,
    subject: `${reminder ? 'Reminder: publication' : 'Publication'} requested: ${page.title}`,
    text: `Hello ${to.name},\n\n${requester} asks you to review the page "${page.title}" (${page.locale}) for publication.\n${quoted('Comment', comment)}\nReview it here:\n${link}\n`,
  };
}

export function decisionMail(to: Recipient, reviewer: string, page: PageInMail, accepted: boolean, feedback: string, link: string): MailMessage {
  return {
    to: to.email,
    subject: `Publication ${accepted ? 'accepted' : 'rejected'}: ${page.title}`,
    text: accepted
      ? `Hello ${to.name},\n\n${reviewer} accepted your request: the page "${page.title}" (${page.locale}) is published.\n${quoted('Feedback', feedback)}\nSee it here:\n${link}\n`
      : `Hello ${to.name},\n\n${reviewer} rejected your request to publish the page "${page.title}" (${page.locale}).\n${quoted('Feedback', feedback)}\nOpen the page to make changes and ask again:\n${link}\n`,
  };
}

/** To whoever scheduled a publication (or unpublication) that could not be carried out: what went wrong, and when it is tried again. */
export function scheduleFailedMail(to: Recipient, page: PageInMail, failure: { action: 'publish' | 'unpublish'; at: string; message: string; retryAt: string }, link: string): MailMessage {
  const what = failure.action === 'publish' ? 'publication' : 'unpublication';
  return {
    to: to.email,
    subject: `Scheduled ${what} failed: ${page.title}`,
    text: `Hello ${to.name},\n\nThe ${what} of the page "${page.title}" (${page.locale}) you scheduled for ${failure.at} could not be carried out:\n\n> ${failure.message}\n\nPagelog tries again at ${failure.retryAt}, and keeps trying until it succeeds or the schedule is cancelled. Open the page to put it right:\n${link}\n`,
  };
}

/** To whoever scheduled a release that could not be published: why (no page of it went live), and when it is tried again. */
export function releaseScheduleFailedMail(to: Recipient, release: { name: string }, failure: { at: string; message: string; retryAt: string }, link: string): MailMessage {
  return {
    to: to.email,
    subject: `Scheduled release failed: ${release.name}`,
    text: `Hello ${to.name},\n\nThe release "${release.name}" you scheduled for ${failure.at} could not be published, and none of its pages went live:\n\n> ${failure.message}\n\nPagelog tries again at ${failure.retryAt}, and keeps trying until it succeeds or the schedule is cancelled. Open the release to see which pages are not ready:\n${link}\n`,
  };
}
