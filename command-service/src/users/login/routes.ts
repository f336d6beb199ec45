import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { UsersDeps } from '../users-deps';
import { verifyLogin } from './commands';
import { logIn } from './log-in';

export function loginRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('authLogin', async (ctx, { email, password }) => logIn(deps, ctx, await verifyLogin(deps, email, password, ctx.ip))),

    command('authLogout', async (ctx) => {
      if (ctx.state.session) await deps.sessions.end(ctx);
      return {};
    }),
  ];
}
