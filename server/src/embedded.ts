import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { API_BASE } from '@pagelog/contracts/endpoints';
import type { Config } from '@pagelog/service-kit/config';
import type { Stores } from '@pagelog/service-kit/open-stores';
import { composeServices } from '@pagelog/service-kit/compose-services';
import { apiStack } from '@pagelog/service-kit/http/api-stack';
import { createHttpServer, listen } from '@pagelog/service-kit/http/http-server';
import { servedOverHttps } from '@pagelog/contracts/transport-security';
import { commandRoutes } from '@pagelog/command-service/command-app';
import { commandServices } from '@pagelog/command-service/command-services';
import { queryRoutes } from '@pagelog/query-service/query-app';
import { queryServices } from '@pagelog/query-service/core/query-deps';
import { Projector } from '@pagelog/projector/core/projector';
import { allProjections } from '@pagelog/projector/projections';
import { searchIndexerNames } from '@pagelog/contracts/search/index-meta';
import { allReactors } from '@pagelog/projector/reactors';
import { openMailer } from '@pagelog/service-kit/open-mailer';
import { openNotifier, SITE_CACHE_TOPIC } from '@pagelog/service-kit/open-notifier';
import { siteReads } from '@pagelog/query-service/pages/public-reads';
import { SiteDocCache } from './site-doc-cache';
import { followInvalidations, siteRenderCache } from './site-cache';
import type { RenderCache } from '@pagelog/site-web/server/render-cache';
import { createSiteApp } from '@pagelog/site-web/server/create-site-app';
import { embeddedSiteForms } from './site-forms';
import { adminStatic } from './admin-static';
import { seed } from '@pagelog/command-service/seed';
import type { AuthServices } from '@pagelog/service-kit/auth/open-auth';
import { ensureFirstAdministrator } from '@pagelog/command-service/users/setup/first-administrator';
import type { PagesDeps } from '@pagelog/command-service/pages/pages-deps';
import { startScheduler, type Scheduler } from '@pagelog/command-service/pages/scheduling/scheduler';

export interface RunningPagelog {
  url: string;
  port: number;
  stores: Stores;
  auth: AuthServices;
  users: PagesDeps;
  projector: Projector;
  /** Scheduled publishing (tests run a round at once with tick()). */
  scheduler: Scheduler;
  /** The public site's render cache (tests look into it). */
  siteCache: RenderCache;
  /** The one-time link printed on a first start without PAGELOG_ADMIN_EMAIL, if any. */
  setupLink: string | null;
  close(): Promise<void>;
}

/**
 * Everything in one process: the API (commands and queries) under /api/cms, the admin under
 * /cmsadmin, the public site at /, and the projector. The same services as the distributed
 * mode, wired to whichever store the configuration names (SQLite by default).
 */
export async function startPagelog(
  config: Config,
  logger: Logger,
  options: {
    clock?: () => number;
    sleep?: (ms: number) => Promise<void>;
    /** Where work after the answer goes (tests hold it to look between the answer and the work). */
    later?: (label: string, work: () => Promise<void>) => void;
    /** Wraps the event store the commands use (tests inject faults). */
    wrapEventStore?: (store: EventStore) => EventStore;
  } = {},
): Promise<RunningPagelog> {
  const services = await composeServices(config, logger, { clock: options.clock });
  const { stores, auth, clock } = services;
  const mailer = openMailer(config, logger);
  // Cache invalidations: in-process on SQLite; NOTIFY or pub/sub when the stores are shared, so that
  // several processes on one database keep their sites fresh.
  const siteCacheNotifier = openNotifier(config, SITE_CACHE_TOPIC, logger.child({ part: 'site-cache' }));
  const projector = new Projector({
    eventStore: stores.eventStore,
    readModels: stores.readModels,
    searchIndex: stores.searchIndex,
    projections: allProjections,
    reactors: allReactors({ mailer, vault: auth.vault, secret: auth.secret, readModels: stores.readModels, eventStore: stores.eventStore, blobs: auth.blobs, publicUrl: config.publicUrl, mediaCleanupGraceMs: config.mediaCleanupGraceMs, retentionSweepEveryMs: config.formRetentionSweepMs, clock, siteCacheNotifier }),
    leaseMs: config.reactorLeaseMs,
    reindexChunkSize: config.reindexChunkSize,
    reindexPauseMs: config.reindexPauseMs,
    logger: logger.child({ part: 'projector' }),
  });
  await projector.start();

  const deps = commandServices(services, { sleep: options.sleep, later: options.later, wrapEventStore: options.wrapEventStore });
  const seeded = await seed(
    deps,
    { availableLocales: config.locales, defaultLocale: config.defaultLocale, customSlugLocales: config.customSlugLocales, siteName: config.siteName },
    config.seed,
  );
  if (seeded.settingsInitialized || seeded.pagesCreated > 0) {
    logger.info({ settings: seeded.settingsInitialized, pages: seeded.pagesCreated }, 'seeded a new store');
  }
  const first = await ensureFirstAdministrator(deps, { email: config.adminEmail, password: config.adminPassword }, logger);
  // Listen only once the seeded pages are projected, so the first visitor sees the site.
  const head = await stores.eventStore.headPosition();
  await stores.readModels.waitForCheckpoints([...new Set(allProjections.map((p) => p.name)), ...Object.values(searchIndexerNames)], head, 30_000);

  const api = new Koa();
  // X-Forwarded-For is believed only behind a configured proxy: otherwise any client could
  // pick the address its login attempts are counted under.
  api.proxy = config.trustProxy;
  api.maxIpsCount = 1;
  const queries = queryServices(services);
  const routes = [...commandRoutes(deps), ...queryRoutes(queries)];
  for (const m of apiStack(logger.child({ part: 'api' }), { auth, routes, publicUrl: config.publicUrl, idempotency: stores.idempotency, clock })) api.use(m);

  // The site reads through the query service's own functions, in this process: no HTTP, no session.
  const siteCache = siteRenderCache(config);
  // The read-model answers the renders read, kept between renders and dropped with every invalidation.
  const siteDocs = config.siteDocCache ? new SiteDocCache() : null;
  const unfollow = await followInvalidations(siteCacheNotifier, siteCache, logger.child({ part: 'site-cache' }), siteDocs ?? undefined);
  const site = createSiteApp({
    reads: siteDocs ? siteReads({ ...queries, readModels: siteDocs.over(queries.readModels) }, { perRender: false }) : siteReads(queries),
    cache: siteCache,
    publicUrl: config.publicUrl,
    forms: embeddedSiteForms(deps),
    trustProxy: config.trustProxy,
    logger: logger.child({ part: 'site' }),
  }).callback();

  const app = new Koa();
  app.proxy = config.trustProxy;
  const apiHandler = api.callback();
  app.use(adminStatic({ hsts: servedOverHttps(config.publicUrl) }));
  app.use(async (ctx) => {
    ctx.respond = false;
    if (ctx.path === API_BASE || ctx.path.startsWith(`${API_BASE}/`)) return apiHandler(ctx.req, ctx.res);
    return site(ctx.req, ctx.res);
  });

  // Scheduled publishing (issue 17): one scheduler among the processes, by lease.
  const scheduler = startScheduler({ deps, readModels: stores.readModels, clock, intervalMs: config.schedulerIntervalMs, leaseMs: config.reactorLeaseMs, logger: logger.child({ part: 'scheduler' }) });

  const server: Server = await listen(createHttpServer(app.callback(), config.http), config.port, config.host);
  const port = (server.address() as AddressInfo).port;

  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, store: stores.describe, admin: `${url}/cmsadmin/` }, 'Pagelog is running');
  return {
    url,
    port,
    stores,
    auth,
    users: deps,
    projector,
    scheduler,
    siteCache,
    setupLink: first.setupLink,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await scheduler.stop();
      await deps.drainLater();
      await projector.settle().catch(() => {});
      await projector.stop();
      await mailer.close();
      await unfollow();
      await siteCacheNotifier.close();
      await services.close();
    },
  };
}
