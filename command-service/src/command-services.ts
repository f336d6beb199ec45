import { setTimeout as wait } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Config } from '@pagelog/service-kit/config';
import type { AuthServices } from '@pagelog/service-kit/auth/open-auth';
import type { CommandDeps } from '../core/command-deps';
import type { UsersDeps } from './users-deps';

export interface UsersDepsOptions {
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  later?: UsersDeps['later'];
}

/** The user commands' dependencies from the configuration (mail is the mails reactor's, in the projector). */
export function openUsersDeps(base: CommandDeps, auth: AuthServices, config: Config, logger: Logger, options: UsersDepsOptions = {}): UsersDeps {
  // Work after the answer is tracked, so shutting down waits for it before the stores close.
  const pending = new Set<Promise<void>>();
  const later =
    options.later ??
    ((label: string, work: () => Promise<void>) => {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => logger.error({ err: error, work: label }, 'work after the answer failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    });
  // Waits for it, but not for ever: a claim release that keeps failing retries for up to 30 s.
  const drainLater = async (maxWaitMs = 5_000) => {
    const deadline = Date.now() + maxWaitMs;
    while (pending.size > 0 && Date.now() < deadline) {
      await Promise.race([Promise.all([...pending]), new Promise((resolve) => setTimeout(resolve, deadline - Date.now()))]);
    }
  };
  return {
    ...base,
    vault: auth.vault,
    blobs: auth.blobs,
    sessions: auth.sessions,
    secret: auth.secret,
    publicUrl: config.publicUrl,
    clock: options.clock ?? Date.now,
    sleep: options.sleep ?? ((ms) => wait(ms)),
    later,
    drainLater,
    logger,
  };
}
