import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { API_BASE } from '@pagelog/contracts/endpoints';
import { readModels } from '@pagelog/contracts/read-models';
import { apiStack } from '@pagelog/service-kit/http/api-stack';
import type { UserQueryDeps } from './core/query-deps';
import type { AuthDeps } from '@pagelog/service-kit/auth/auth-middleware';
import { userQueryRoutes } from './users/routes';
import { settingsRoutes } from './settings/routes';
import { pageRoutes } from './pages/routes';
import { systemRoutes } from './system/routes';

/** The projections whose status the system endpoint reports. */
export const knownProjections = [...new Set(Object.values(readModels).map((r) => r.projection))];

/** Every query route under /api/cms, without the middleware stack. */
export function queryRouter(deps: UserQueryDeps): Router {
  const router = new Router({ prefix: API_BASE });
  for (const routes of [userQueryRoutes(deps), settingsRoutes(deps), pageRoutes(deps), systemRoutes(deps, knownProjections)]) {
    router.use(routes.routes(), routes.allowedMethods());
  }
  return router;
}

/** The query service as a process of its own. */
export function createQueryApp(options: UserQueryDeps & { logger: Logger; auth: AuthDeps; trustProxy: boolean }): Koa {
  const app = new Koa();
  app.proxy = options.trustProxy;
  app.maxIpsCount = 1;
  for (const m of apiStack(options.logger, { auth: options.auth })) app.use(m);
  const router = queryRouter(options);
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}
