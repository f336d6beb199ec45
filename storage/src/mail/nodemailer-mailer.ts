import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
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
      await mkdir(outboxDir, { recursive: true });
      // One file per key: a mail sent again (a retry after a crash) is not written twice.
      const suffix = `-${message.id === undefined ? randomBytes(4).toString('hex') : keyTag(message.id)}.eml`;
      if (message.id !== undefined && (await readdir(outboxDir)).some((f) => f.endsWith(suffix))) return;
      const info = await transport.sendMail(toMail(from, message));
      const name = `${new Date().toISOString().replace(/:/g, '-')}${suffix}`;
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

/** A file-name-safe tag of a mail's key. */
const keyTag = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 24);

function toMail(from: string, message: MailMessage) {
  return {
    from,
    ...(message.id === undefined ? {} : { messageId: `<${keyTag(message.id)}@pagelog.mail>` }),
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
  };
}
