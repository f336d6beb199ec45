import { openStores } from '@pagelog/service-kit/open-stores';
import { runProcess } from '@pagelog/service-kit/run-service';
import { Projector } from './core/projector';
import { allProjections } from './projections';

/** The projector as its own process (distributed mode): one active instance per store. */
await runProcess('projector', async (_config, logger) => {
  const stores = await openStores(_config, logger);
  const projector = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, projections: allProjections, logger });
  await projector.start();
  return {
    async close() {
      await projector.stop();
      await stores.close();
    },
  };
});
