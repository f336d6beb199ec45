import { composeServices } from '@pagelog/service-kit/compose-services';
import { openMailer } from '@pagelog/service-kit/open-mailer';
import { openNotifier, SITE_CACHE_TOPIC } from '@pagelog/service-kit/open-notifier';
import { runProcess } from '@pagelog/service-kit/run-service';
import { Projector } from './core/projector';
import { allProjections } from './projections';
import { allReactors } from './reactors';

/**
 * The projector as its own process (distributed mode): the projections, and the reactors (one
 * active instance of each among all projector processes; the others stand by). The reactors open
 * personal data with the users' keys, send mail and tell the site processes what changed.
 */
await runProcess('projector', async (config, logger) => {
  const services = await composeServices(config, logger);
  const { stores, auth } = services;
  const mailer = openMailer(config, logger);
  // Tells the site processes which cached pages to drop (PostgreSQL NOTIFY or Redis pub/sub).
  const siteCacheNotifier = openNotifier(config, SITE_CACHE_TOPIC, logger);
  const reactors = allReactors({
    mailer,
    vault: auth.vault,
    secret: auth.secret,
    readModels: stores.readModels,
    eventStore: stores.eventStore,
    blobs: auth.blobs,
    publicUrl: config.publicUrl,
    mediaCleanupGraceMs: config.mediaCleanupGraceMs,
    retentionSweepEveryMs: config.formRetentionSweepMs,
    siteCacheNotifier,
  });
  const projector = new Projector({ eventStore: stores.eventStore, readModels: stores.readModels, searchIndex: stores.searchIndex, projections: allProjections, reactors, leaseMs: config.reactorLeaseMs, reindexChunkSize: config.reindexChunkSize, reindexPauseMs: config.reindexPauseMs, logger });
  await projector.start();
  return {
    async close() {
      await projector.settle().catch(() => {});
      await projector.stop();
      await mailer.close();
      await siteCacheNotifier.close();
      await services.close();
    },
  };
});
