import { adminLinks } from '@pagelog/contracts/users/user';
import type { MailMessage } from '@pagelog/storage/mail/mailer';

const link = (publicUrl: string, path: string, token: string) => `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

/** Links are built from the configured public URL, never from the request's Host header. */
export function activationMail(to: string, name: string, publicUrl: string, token: string): MailMessage {
  const url = link(publicUrl, adminLinks.activateAccount, token);
  return {
    to,
    subject: 'Activate your Pagelog account',
    text: `Hello ${name},\n\nAn account has been created for you. Choose a password to activate it:\n\n${url}\n\nThe link works once and expires in 7 days.\n`,
  };
}

export function resetMail(to: string, name: string, publicUrl: string, token: string): MailMessage {
  const url = link(publicUrl, adminLinks.resetPassword, token);
  return {
    to,
    subject: 'Reset your Pagelog password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your account. If that was you, choose a new password here:\n\n${url}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this mail.\n`,
  };
}

export function setupLink(publicUrl: string, token: string): string {
  return link(publicUrl, adminLinks.setup, token);
}
