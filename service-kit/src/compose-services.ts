import type { Logger } from 'pino';
import type { Config } from './config';
import { openStores, type Stores } from './open-stores';
import { openAuth, type AuthServices } from './auth/open-auth';

/**
 * What every Pagelog process opens from its configuration, in one place: the stores (events,
 * read models, idempotency keys) and the auth services (sessions, personal-data keys, blobs).
 * The command service, the query service, the projector, the embedded server and the CLI all
 * start here and build their own dependencies from it, flat (see commandServices, queryServices).
 */
export interface Services {
  config: Config;
  logger: Logger;
  stores: Stores;
  auth: AuthServices;
  /** Epoch ms; tests move it. */
  clock: () => number;
  close(): Promise<void>;
}

export async function composeServices(config: Config, logger: Logger, options: { clock?: () => number } = {}): Promise<Services> {
  const clock = options.clock ?? Date.now;
  const stores = await openStores(config, logger);
  const auth = await openAuth(config, stores.eventStore, logger.child({ part: 'auth' }), clock);
  return {
    config,
    logger,
    stores,
    auth,
    clock,
    async close() {
      await auth.close();
      await stores.close();
    },
  };
}
