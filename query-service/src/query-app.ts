import { releaseRoutes } from './releases/routes';
import Koa from 'koa';
import type { Logger } from 'pino';
import { allReactorNames, readModels } from '@pagelog/contracts/read-models';
import { apiStack } from '@pagelog/service-kit/http/api-stack';
import type { UserQueryDeps } from './core/query-deps';
import { timeTravelRoutes } from './time-travel/routes';
import type { AuthDeps } from '@pagelog/service-kit/auth/auth-middleware';
import type { EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { userQueryRoutes } from './users/routes';
import { settingsRoutes } from './settings/routes';
import { pageRoutes } from './pages/routes';
import { previewRoutes } from './pages/preview';
import { systemRoutes } from './system/routes';
import { mediaFileRoutes } from './media/files/routes';
import { mediaLibraryRoutes } from './media/library/routes';
import { menuRoutes } from './menus/routes';
import { formRoutes } from './forms/routes';
import { newsletterPopupRoutes } from './newsletter-popup/routes';
import { auditRoutes } from './audit/routes';
import { searchRoutes } from './search/routes';
import { searchIndexerNames } from '@pagelog/contracts/search/index-meta';
import { tagRoutes } from './tags/routes';

/** The projections whose status the system endpoint reports. */
export const knownProjections = [...new Set(Object.values(readModels).map((r) => r.projection))];

/** The route of every query of the endpoint table. */
export function queryRoutes(deps: UserQueryDeps): EndpointRoute[] {
  return [...userQueryRoutes(deps), ...settingsRoutes(deps), ...pageRoutes(deps), ...previewRoutes(deps), ...mediaFileRoutes(deps), ...mediaLibraryRoutes(deps), ...menuRoutes(deps), ...formRoutes(deps), ...newsletterPopupRoutes(deps), ...auditRoutes(deps), ...timeTravelRoutes(deps), ...searchRoutes(deps), ...tagRoutes(deps), ...releaseRoutes(deps), ...systemRoutes(deps, [...knownProjections, ...Object.values(searchIndexerNames)], allReactorNames)];
}

/** The query service as a process of its own. */
export function createQueryApp(options: UserQueryDeps & { logger: Logger; auth: AuthDeps; trustProxy: boolean; publicUrl: string }): Koa {
  const app = new Koa();
  app.proxy = options.trustProxy;
  app.maxIpsCount = 1;
  for (const m of apiStack(options.logger, { auth: options.auth, routes: queryRoutes(options), publicUrl: options.publicUrl })) app.use(m);
  return app;
}
