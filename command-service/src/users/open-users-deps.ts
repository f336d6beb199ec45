import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '@pagelog/service-kit/config';
import type { AuthServices } from '@pagelog/service-kit/auth/open-auth';
import { createMailer } from '@pagelog/storage/mail/nodemailer-mailer';
import type { CommandDeps } from '../core/command-deps';
import type { UsersDeps } from './users-deps';

/** The user commands' dependencies from the configuration: mail to SMTP_URL or data/outbox. */
export function openUsersDeps(base: CommandDeps, auth: AuthServices, config: Config, logger: Logger, clock: () => number = Date.now): UsersDeps {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mailFrom, logger: logger.child({ part: 'mail' }) });
  return { ...base, vault: auth.vault, blobs: auth.blobs, mailer, sessions: auth.sessions, secret: auth.secret, publicUrl: config.publicUrl, clock, logger };
}
