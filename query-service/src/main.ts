import { openStores } from '@pagelog/service-kit/open-stores';
import { openAuth } from '@pagelog/service-kit/auth/open-auth';
import { runProcess } from '@pagelog/service-kit/run-service';
import { createQueryApp } from './query-app';
import { userQueryDeps } from './core/query-deps';

/** The query service as its own process (distributed mode). */
await runProcess('query-service', async (config, logger) => {
  const stores = await openStores(config, logger);
  const auth = await openAuth(config, stores.eventStore, logger);
  const app = createQueryApp({
    ...userQueryDeps(stores, auth, config),
    auth,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    logger,
  });
  return {
    app,
    close: async () => {
      await auth.close();
      await stores.close();
    },
  };
});
