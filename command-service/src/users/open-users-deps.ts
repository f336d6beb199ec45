import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Config } from '@pagelog/service-kit/config';
import type { AuthServices } from '@pagelog/service-kit/auth/open-auth';
import { createMailer } from '@pagelog/storage/mail/nodemailer-mailer';
import type { CommandDeps } from '../core/command-deps';
import type { UsersDeps } from './users-deps';

export interface UsersDepsOptions {
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  later?: UsersDeps['later'];
}

/** The user commands' dependencies from the configuration: mail to SMTP_URL or data/outbox. */
export function openUsersDeps(base: CommandDeps, auth: AuthServices, config: Config, logger: Logger, options: UsersDepsOptions = {}): UsersDeps {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mailFrom, logger: logger.child({ part: 'mail' }) });
  const later = options.later ?? ((label: string, work: () => Promise<void>) => {
    setImmediate(() => {
      work().catch((error: unknown) => logger.error({ err: error, work: label }, 'work after the answer failed'));
    });
  });
  return {
    ...base,
    vault: auth.vault,
    blobs: auth.blobs,
    mailer,
    sessions: auth.sessions,
    secret: auth.secret,
    publicUrl: config.publicUrl,
    clock: options.clock ?? Date.now,
    sleep: options.sleep ?? ((ms) => wait(ms)),
    later,
    logger,
  };
}
