import type { Logger } from 'pino';
import { commandContext, SYSTEM_ACTOR } from '../../core/command-context';
import { completeSetup, isSetupComplete, issueSetupLink } from './commands';
import type { UsersDeps } from '../users-deps';

/**
 * No default account. On a store without an administrator: with PAGELOG_ADMIN_EMAIL and
 * PAGELOG_ADMIN_PASSWORD that administrator is created; otherwise a one-time setup link is
 * printed on the console (a new one on every start until setup is done).
 */
export async function ensureFirstAdministrator(
  deps: UsersDeps,
  admin: { email: string | null; password: string | null },
  logger: Logger,
): Promise<{ created: boolean; setupLink: string | null }> {
  if (await isSetupComplete(deps)) return { created: false, setupLink: null };
  const context = commandContext(SYSTEM_ACTOR, 'first-administrator', new Date(deps.clock()));
  if (admin.email && admin.password) {
    await completeSetup(deps, { token: null, name: 'Administrator', email: admin.email, password: admin.password }, context);
    logger.info({ email: admin.email }, 'created the first administrator from PAGELOG_ADMIN_EMAIL');
    return { created: true, setupLink: null };
  }
  const link = await issueSetupLink(deps, context);
  if (link) {
    // On the console as well as in the log, so whoever started Pagelog sees it whatever LOG_LEVEL says.
    console.log(`\nPagelog has no administrator yet. Open this link to create one (it works once, for 24 hours):\n\n  ${link}\n`);
  }
  return { created: false, setupLink: link };
}
