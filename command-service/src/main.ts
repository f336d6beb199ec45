import { composeServices } from '@pagelog/service-kit/compose-services';
import { runProcess } from '@pagelog/service-kit/run-service';
import { allReactorNames } from '@pagelog/contracts/read-models';
import { startReactorsAtHead } from '@pagelog/storage/reactors/start-at-head';
import { createCommandApp } from './command-app';
import { commandServices } from './command-services';
import { seed } from './seed';
import { startScheduler } from './pages/scheduling/scheduler';
import { ensureFirstAdministrator } from './users/setup/first-administrator';

/** The command service as its own process (distributed mode). It seeds an empty store first. */
await runProcess('command-service', async (config, logger) => {
  const services = await composeServices(config, logger);
  const { stores, auth } = services;
  // Before the first append: a reactor that has never run (the projector may not be up yet)
  // starts at the head of the log as it is now, so it misses nothing this process writes.
  await startReactorsAtHead(stores.eventStore, stores.readModels, allReactorNames);
  const deps = commandServices(services);
  const seeded = await seed(
    deps,
    { availableLocales: config.locales, defaultLocale: config.defaultLocale, customSlugLocales: config.customSlugLocales, siteName: config.siteName },
    config.seed,
  );
  if (seeded.settingsInitialized || seeded.pagesCreated > 0) logger.info(seeded, 'seeded a new store');
  await ensureFirstAdministrator(deps, { email: config.adminEmail, password: config.adminPassword }, logger);
  // Scheduled publishing (issue 17): every command process may run it; the lease lets one.
  const scheduler = startScheduler({ deps, readModels: stores.readModels, clock: services.clock, intervalMs: config.schedulerIntervalMs, leaseMs: config.reactorLeaseMs, logger: logger.child({ part: 'scheduler' }) });
  return {
    app: createCommandApp({ deps, auth, logger, trustProxy: config.trustProxy, publicUrl: config.publicUrl, idempotency: stores.idempotency }),
    close: async () => {
      await scheduler.stop();
      await deps.drainLater();
      await services.close();
    },
  };
});
