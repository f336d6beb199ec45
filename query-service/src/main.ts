import { openStores } from '@pagelog/service-kit/open-stores';
import { runProcess } from '@pagelog/service-kit/run-service';
import { createQueryApp } from './query-app';

/** The query service as its own process (distributed mode). */
await runProcess('query-service', async (config, logger) => {
  const stores = await openStores(config);
  const app = createQueryApp({
    readModels: stores.readModels,
    eventStore: stores.eventStore,
    consistencyTimeoutMs: config.consistencyTimeoutMs,
    logger,
  });
  return { app, close: () => stores.close() };
});
