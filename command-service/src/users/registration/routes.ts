import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../../core/route-context';
import { actorOf } from '../actor-of';
import type { UsersDeps } from '../users-deps';
import { registerUser } from './commands';

export function registrationRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('authRegister', async (ctx, input) => {
      const created = await registerUser(deps, { email: input.email, roleId: input.role, name: input.name, jobTitle: input.jobTitle ?? '' }, actorOf(ctx), contextOf(ctx, deps.clock));
      return { ...created.view, position: created.position };
    }),

    command('userCreate', async (ctx, input) => {
      const created = await registerUser(
        deps,
        { email: input.email, roleId: input.role, name: input.profile.name, jobTitle: input.profile.jobTitle ?? '' },
        actorOf(ctx),
        contextOf(ctx, deps.clock),
      );
      return { ...created.view, position: created.position };
    }),
  ];
}
