import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../../core/route-context';
import type { UsersDeps } from '../users-deps';
import { forgotPassword, resetAccount } from './commands';

export function passwordRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('authResetAccount', async (ctx, { token, password }) => {
      const result = await resetAccount(deps, token, password, contextOf(ctx, deps.clock));
      return { position: result.position };
    }),

    command('authForgotPassword', async (ctx, { email }) => {
      await forgotPassword(deps, email, ctx.ip, contextOf(ctx, deps.clock));
      // The same answer whether or not the address belongs to an account.
      return {};
    }),
  ];
}
