import type { Context } from 'koa';
import { reply } from '@pagelog/service-kit/http/endpoint-routes';
import { userViewOf } from '../user-lookups';
import type { UsersDeps } from '../users-deps';

/**
 * Starts a fresh session for the user (a new id and CSRF token, so a planted id is worthless) and
 * answers as login and setup do: the user in `User` (spec) and in `data`.
 */
export async function logIn(deps: UsersDeps, ctx: Context, userId: string, position?: number) {
  if (ctx.state.session) await deps.sessions.end(ctx);
  await deps.sessions.start(ctx, userId);
  const user = await userViewOf(deps, userId);
  return reply(user, { envelope: { User: user }, ...(position === undefined ? {} : { position }) });
}
