import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../../core/route-context';
import { actorOf } from '../actor-of';
import type { UsersDeps } from '../users-deps';
import { deleteUser } from './commands';

export function deletionRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('userDelete', async (ctx) => {
      const result = await deleteUser(deps, ctx.params.id!, actorOf(ctx), contextOf(ctx, deps.clock));
      return { position: result.position };
    }),
  ];
}
