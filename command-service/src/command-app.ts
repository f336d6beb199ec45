import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { API_BASE } from '@pagelog/contracts/endpoints';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { apiStack } from '@pagelog/service-kit/http/api-stack';
import { createHandle } from './core/handle';
import type { CommandDeps } from './core/command-deps';
import { authoringRoutes } from './pages/authoring/routes';
import { publicationRoutes } from './pages/publication/routes';

export function commandDeps(store: EventStore): CommandDeps {
  return { store, handle: createHandle(store) };
}

/** Every command route under /api/cms, without the middleware stack (the embedded server adds it once). */
export function commandRouter(deps: CommandDeps): Router {
  const router = new Router({ prefix: API_BASE });
  for (const routes of [authoringRoutes(deps), publicationRoutes(deps)]) {
    router.use(routes.routes(), routes.allowedMethods());
  }
  return router;
}

/** The command service as a process of its own. */
export function createCommandApp(options: { store: EventStore; logger: Logger }): Koa {
  const app = new Koa();
  app.proxy = true;
  for (const m of apiStack(options.logger)) app.use(m);
  const router = commandRouter(commandDeps(options.store));
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}
