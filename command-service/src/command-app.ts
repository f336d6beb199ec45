import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { API_BASE } from '@pagelog/contracts/endpoints';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { apiStack } from '@pagelog/service-kit/http/api-stack';
import type { AuthDeps } from '@pagelog/service-kit/auth/auth-middleware';
import { createHandle } from './core/handle';
import type { CommandDeps } from './core/command-deps';
import { authoringRoutes } from './pages/authoring/routes';
import { publicationRoutes } from './pages/publication/routes';
import { authRoutes, userRoutes } from './users/routes';
import type { PagesDeps } from './pages/pages-deps';

export function commandDeps(store: EventStore): CommandDeps {
  return { store, handle: createHandle(store) };
}

/** Every command route under /api/cms, without the middleware stack (the embedded server adds it once). */
export function commandRouter(deps: PagesDeps): Router {
  const router = new Router({ prefix: API_BASE });
  for (const routes of [authRoutes(deps), userRoutes(deps), authoringRoutes(deps), publicationRoutes(deps)]) {
    router.use(routes.routes(), routes.allowedMethods());
  }
  return router;
}

/** The command service as a process of its own. */
export function createCommandApp(options: { deps: PagesDeps; auth: AuthDeps; logger: Logger; trustProxy: boolean }): Koa {
  const app = new Koa();
  app.proxy = options.trustProxy;
  app.maxIpsCount = 1;
  for (const m of apiStack(options.logger, { auth: options.auth })) app.use(m);
  const router = commandRouter(options.deps);
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}
