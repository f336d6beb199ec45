import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from './mailer';

export interface MailerOptions {
  /** smtp:// or smtps:// URL of the mail server; null writes each message to `outboxDir` instead. */
  smtpUrl: string | null;
  /** Where messages go when there is no SMTP server (one `.eml` file each). */
  outboxDir: string;
  /** The From header, e.g. `Pagelog <no-reply@example.com>`. */
  from: string;
  logger?: Logger;
}

/**
 * A Mailer on nodemailer. With an SMTP URL it sends through that server; without one (a laptop,
 * a demo) it writes each message as an RFC 822 `.eml` file to the outbox folder, where any mail
 * client opens it, and logs its subject and recipient so the links in it can be found.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, { from, logger }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail(toMail(from, message));
      logger?.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer({ outboxDir, from, logger }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(toMail(from, message));
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      // Written under another name first, so whatever watches the folder never opens half a message.
      const temp = join(outboxDir, `.${name}.tmp`);
      await writeFile(temp, info.message, { flag: 'wx' });
      await rename(temp, file);
      logger?.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
    async close() {
      transport.close();
    },
  };
}

function toMail(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
  };
}
