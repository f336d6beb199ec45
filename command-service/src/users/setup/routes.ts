import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../../core/route-context';
import { logIn } from '../login/log-in';
import type { UsersDeps } from '../users-deps';
import { completeSetup } from './commands';

export function setupRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('authSetup', async (ctx, input) => {
      const result = await completeSetup(deps, { token: input.token, name: input.name, email: input.email, password: input.password }, contextOf(ctx, deps.clock));
      return logIn(deps, ctx, result.userId, result.position);
    }),
  ];
}
