import { openStores } from '@pagelog/service-kit/open-stores';
import { openAuth } from '@pagelog/service-kit/auth/open-auth';
import { runProcess } from '@pagelog/service-kit/run-service';
import { allReactorNames } from '@pagelog/contracts/read-models';
import { startReactorsAtHead } from '@pagelog/storage/reactors/start-at-head';
import { commandDeps, createCommandApp } from './command-app';
import { seed } from './seed';
import { ensureFirstAdministrator } from './users/first-administrator';
import { openUsersDeps } from './users/open-users-deps';
import { pagesDeps } from './pages/pages-deps';

/** The command service as its own process (distributed mode). It seeds an empty store first. */
await runProcess('command-service', async (config, logger) => {
  const stores = await openStores(config, logger);
  const auth = await openAuth(config, stores.eventStore, logger);
  // Before the first append: a reactor that has never run (the projector may not be up yet)
  // starts at the head of the log as it is now, so it misses nothing this process writes.
  await startReactorsAtHead(stores.eventStore, stores.readModels, allReactorNames);
  const deps = pagesDeps(openUsersDeps(commandDeps(stores.eventStore), auth, config, logger), stores.readModels, config.consistencyTimeoutMs);
  const seeded = await seed(
    deps,
    { availableLocales: config.locales, defaultLocale: config.defaultLocale, customSlugLocales: config.customSlugLocales },
    config.seed,
  );
  if (seeded.settingsInitialized || seeded.pagesCreated > 0) logger.info(seeded, 'seeded a new store');
  await ensureFirstAdministrator(deps, { email: config.adminEmail, password: config.adminPassword }, logger);
  return {
    app: createCommandApp({ deps, auth, logger, trustProxy: config.trustProxy, publicUrl: config.publicUrl, idempotency: stores.idempotency }),
    close: async () => {
      await deps.drainLater();
      await auth.close();
      await stores.close();
    },
  };
});
