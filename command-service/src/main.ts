import { openStores } from '@pagelog/service-kit/open-stores';
import { runProcess } from '@pagelog/service-kit/run-service';
import { commandDeps, createCommandApp } from './command-app';
import { seed } from './seed';

/** The command service as its own process (distributed mode). It seeds an empty store first. */
await runProcess('command-service', async (config, logger) => {
  const stores = await openStores(config);
  const seeded = await seed(
    commandDeps(stores.eventStore),
    { availableLocales: config.locales, defaultLocale: config.defaultLocale, customSlugLocales: config.customSlugLocales },
    config.seed,
  );
  if (seeded.settingsInitialized || seeded.pagesCreated > 0) logger.info(seeded, 'seeded a new store');
  return { app: createCommandApp({ store: stores.eventStore, logger }), close: () => stores.close() };
});
