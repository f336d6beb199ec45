import type { Context } from 'koa';
import type { UserView } from '@pagelog/contracts/users/user';
import { command, reply, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { Access } from '@pagelog/service-kit/auth/access';
import type { SessionRecord } from '@pagelog/storage/session-store/session-store';
import { userViewFromEvents } from '@pagelog/service-kit/auth/user-view';
import { contextOf } from '../core/route-context';
import {
  completeSetup,
  deleteUser,
  forgotPassword,
  registerUser,
  removeUserImage,
  resetAccount,
  setUserImage,
  updateUser,
  verifyLogin,
  type UserActor,
} from './commands';
import { PROFILE_IMAGE } from '@pagelog/contracts/users/user';
import { withUploadedFile } from '../core/uploads/with-uploaded-file';
import { processProfileImage } from './profile-image';
import type { UsersDeps } from './users-deps';

/** Who acts: the commands check the caller themselves too, whatever the access check let through. */
const actorOf = (ctx: Context): UserActor => {
  const user = ctx.state.user as Access | null;
  const session = ctx.state.session as SessionRecord | null;
  return { userId: user?.userId ?? null, permissions: user?.permissions ?? [], sessionId: session?.id ?? null };
};

/** Login and setup answer like this: the user in `User` (spec) and in `data`. */
const withUser = (user: UserView, position?: number) => reply(user, { envelope: { User: user }, ...(position === undefined ? {} : { position }) });

/** Starts a fresh session for the user: a new id and CSRF token, so a planted id is worthless. */
async function logIn(deps: UsersDeps, ctx: Context, userId: string): Promise<void> {
  if (ctx.state.session) await deps.sessions.end(ctx);
  await deps.sessions.start(ctx, userId);
}

export function authRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('authLogin', async (ctx, { email, password }) => {
      const userId = await verifyLogin(deps, email, password, ctx.ip);
      await logIn(deps, ctx, userId);
      return withUser((await userViewFromEvents(deps.store, deps.vault, userId))!);
    }),

    command('authLogout', async (ctx) => {
      if (ctx.state.session) await deps.sessions.end(ctx);
      return {};
    }),

    command('authRegister', async (ctx, input) => {
      const created = await registerUser(deps, { email: input.email, roleId: input.role, name: input.name, jobTitle: input.jobTitle ?? '' }, actorOf(ctx), contextOf(ctx, deps.clock));
      return { ...created.view, position: created.position };
    }),

    command('authResetAccount', async (ctx, { token, password }) => {
      const result = await resetAccount(deps, token, password, contextOf(ctx, deps.clock));
      return { position: result.position };
    }),

    command('authForgotPassword', async (ctx, { email }) => {
      await forgotPassword(deps, email, ctx.ip, contextOf(ctx, deps.clock));
      // The same answer whether or not the address belongs to an account.
      return {};
    }),

    command('authSetup', async (ctx, input) => {
      const result = await completeSetup(deps, { token: input.token, name: input.name, email: input.email, password: input.password }, contextOf(ctx, deps.clock));
      await logIn(deps, ctx, result.userId);
      return withUser((await userViewFromEvents(deps.store, deps.vault, result.userId))!, result.position);
    }),
  ];
}

export function userRoutes(deps: UsersDeps): EndpointRoute[] {
  return [
    command('userCreate', async (ctx, input) => {
      const created = await registerUser(
        deps,
        { email: input.email, roleId: input.role, name: input.profile.name, jobTitle: input.profile.jobTitle ?? '' },
        actorOf(ctx),
        contextOf(ctx, deps.clock),
      );
      return { ...created.view, position: created.position };
    }),

    command('userUpdate', async (ctx, input) => {
      const result = await updateUser(
        deps,
        ctx.params.id!,
        {
          email: input.email,
          roleId: input.role,
          name: input.profile?.name,
          jobTitle: input.profile?.jobTitle,
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
        },
        actorOf(ctx),
        contextOf(ctx, deps.clock),
      );
      return { ...result.view, position: result.position };
    }),

    command('userDelete', async (ctx) => {
      const result = await deleteUser(deps, ctx.params.id!, actorOf(ctx), contextOf(ctx, deps.clock));
      return { position: result.position };
    }),

    command('userImageStore', async (ctx) => {
      const upload = { field: PROFILE_IMAGE.field, model: 'user', maxBytes: PROFILE_IMAGE.maxBytes, tooLargeCode: 'UM_05' };
      const image = await withUploadedFile(ctx, upload, (file) => processProfileImage(file));
      const result = await setUserImage(deps, ctx.params.id!, image, actorOf(ctx), contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),

    command('userImageDelete', async (ctx) => {
      const result = await removeUserImage(deps, ctx.params.id!, actorOf(ctx), contextOf(ctx, deps.clock));
      return { ...result.view, position: result.position };
    }),
  ];
}
