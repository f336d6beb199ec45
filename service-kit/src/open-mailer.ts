import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Mailer } from '@pagelog/storage/mail/mailer';
import { createMailer } from '@pagelog/storage/mail/nodemailer-mailer';
import type { Config } from './config';

/** Mail as the configuration says: to SMTP_URL, or as .eml files to data/outbox without one. */
export function openMailer(config: Config, logger: Logger): Mailer {
  return createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mailFrom, logger: logger.child({ part: 'mail' }) });
}
