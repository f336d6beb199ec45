import Koa from 'koa';
import type { Logger } from 'pino';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { IdempotencyStore } from '@pagelog/storage/idempotency-store/idempotency-store';
import { apiStack } from '@pagelog/service-kit/http/api-stack';
import type { AuthDeps } from '@pagelog/service-kit/auth/auth-middleware';
import type { EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { createHandle } from './core/handle';
import type { CommandDeps } from './core/command-deps';
import { authoringRoutes } from './pages/authoring/routes';
import { publicationRoutes } from './pages/publication/routes';
import { mediaRoutes } from './media/routes';
import { menuRoutes } from './menus/routes';
import { searchRoutes } from './search/routes';
import { settingsRoutes } from './settings/routes';
import { releaseRoutes } from './releases/routes';
import { tagRoutes } from './tags/routes';
import { formRoutes } from './forms/routes';
import { newsletterPopupRoutes } from './newsletter-popup/routes';
import { deletionRoutes } from './users/deletion/routes';
import { loginRoutes } from './users/login/routes';
import { passwordRoutes } from './users/password/routes';
import { profileRoutes } from './users/profile/routes';
import { registrationRoutes } from './users/registration/routes';
import { setupRoutes } from './users/setup/routes';
import type { PagesDeps } from './pages/pages-deps';

export function commandDeps(store: EventStore): CommandDeps {
  return { store, handle: createHandle(store) };
}

/** The route of every command of the endpoint table (the embedded server serves them beside the queries). */
export function commandRoutes(deps: PagesDeps): EndpointRoute[] {
  return [
    ...loginRoutes(deps),
    ...registrationRoutes(deps),
    ...passwordRoutes(deps),
    ...setupRoutes(deps),
    ...profileRoutes(deps),
    ...deletionRoutes(deps),
    ...authoringRoutes(deps),
    ...publicationRoutes(deps),
    ...mediaRoutes(deps),
    ...menuRoutes(deps),
    ...searchRoutes(deps),
    ...settingsRoutes(deps),
    ...tagRoutes(deps),
    ...releaseRoutes(deps),
    ...formRoutes(deps),
    ...newsletterPopupRoutes(deps),
  ];
}

/** The command service as a process of its own. */
export function createCommandApp(options: { deps: PagesDeps; auth: AuthDeps; logger: Logger; trustProxy: boolean; publicUrl: string; idempotency?: IdempotencyStore }): Koa {
  const app = new Koa();
  app.proxy = options.trustProxy;
  app.maxIpsCount = 1;
  for (const m of apiStack(options.logger, { auth: options.auth, routes: commandRoutes(options.deps), publicUrl: options.publicUrl, idempotency: options.idempotency })) app.use(m);
  return app;
}
