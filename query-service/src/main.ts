import { composeServices } from '@pagelog/service-kit/compose-services';
import { runProcess } from '@pagelog/service-kit/run-service';
import { createQueryApp } from './query-app';
import { queryServices } from './core/query-deps';

/** The query service as its own process (distributed mode). */
await runProcess('query-service', async (config, logger) => {
  const services = await composeServices(config, logger);
  const app = createQueryApp({
    ...queryServices(services),
    auth: services.auth,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    logger,
  });
  return { app, close: () => services.close() };
});
