import Router from '@koa/router';
import type { Context } from 'koa';
import { endpoints } from '@pagelog/contracts/endpoints';
import { ok, POSITION_HEADER } from '@pagelog/contracts/envelope';
import { validateInput } from '@pagelog/contracts/validation';
import type { UserView } from '@pagelog/contracts/users/user';
import type { Access } from '@pagelog/service-kit/auth/access';
import type { SessionRecord } from '@pagelog/storage/session-store/session-store';
import { userViewFromEvents } from '@pagelog/service-kit/auth/user-view';
import { contextOf } from '../core/route-context';
import { respondToCommand } from '../core/respond';
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
} from './commands';
import { processProfileImage } from './profile-image';
import { readUploadedFile } from './upload';
import type { UsersDeps } from './users-deps';

const actorOf = (ctx: Context) => {
  const user = ctx.state.user as Access;
  const session = ctx.state.session as SessionRecord | null;
  return { userId: user.userId, permissions: user.permissions, sessionId: session?.id ?? null };
};

/** Login and setup answer like this: the user in `User` (spec) and in `data`. */
function respondWithUser(ctx: Context, user: UserView, position?: number): void {
  if (position !== undefined) ctx.set(POSITION_HEADER, String(position));
  ctx.body = { ...ok(user), User: user };
}

/** Starts a fresh session for the user: a new id and CSRF token, so a planted id is worthless. */
async function logIn(deps: UsersDeps, ctx: Context, userId: string): Promise<void> {
  if (ctx.state.session) await deps.sessions.end(ctx);
  await deps.sessions.start(ctx, userId);
}

export function authRoutes(deps: UsersDeps): Router {
  const router = new Router();

  router.post(endpoints.authLogin.path, async (ctx) => {
    const { email, password } = validateInput(endpoints.authLogin.schema, ctx.request.body, endpoints.authLogin.model);
    const userId = await verifyLogin(deps, email, password, ctx.ip);
    await logIn(deps, ctx, userId);
    respondWithUser(ctx, (await userViewFromEvents(deps.store, deps.vault, userId))!);
  });

  router.post(endpoints.authLogout.path, async (ctx) => {
    if (ctx.state.session) await deps.sessions.end(ctx);
    ctx.body = ok({});
  });

  router.post(endpoints.authRegister.path, async (ctx) => {
    const input = validateInput(endpoints.authRegister.schema, ctx.request.body, endpoints.authRegister.model);
    const created = await registerUser(deps, { email: input.email, roleId: input.role, name: input.name, jobTitle: input.jobTitle ?? '' }, contextOf(ctx, deps.clock));
    respondToCommand(ctx, created.position, created.view);
  });

  router.post(endpoints.authResetAccount.path, async (ctx) => {
    const { token, password } = validateInput(endpoints.authResetAccount.schema, ctx.request.body, endpoints.authResetAccount.model);
    const result = await resetAccount(deps, token, password, contextOf(ctx, deps.clock));
    respondToCommand(ctx, result.position, {});
  });

  router.post(endpoints.authForgotPassword.path, async (ctx) => {
    const { email } = validateInput(endpoints.authForgotPassword.schema, ctx.request.body, endpoints.authForgotPassword.model);
    await forgotPassword(deps, email, ctx.ip, contextOf(ctx, deps.clock));
    // The same answer whether or not the address belongs to an account.
    ctx.body = ok({});
  });

  router.post(endpoints.authSetup.path, async (ctx) => {
    const input = validateInput(endpoints.authSetup.schema, ctx.request.body, endpoints.authSetup.model);
    const result = await completeSetup(deps, { token: input.token, name: input.name, email: input.email, password: input.password }, contextOf(ctx, deps.clock));
    await logIn(deps, ctx, result.userId);
    respondWithUser(ctx, (await userViewFromEvents(deps.store, deps.vault, result.userId))!, result.position);
  });

  return router;
}

export function userRoutes(deps: UsersDeps): Router {
  const router = new Router();

  router.post(endpoints.userCreate.path, async (ctx) => {
    const input = validateInput(endpoints.userCreate.schema, ctx.request.body, endpoints.userCreate.model);
    const created = await registerUser(
      deps,
      { email: input.email, roleId: input.role, name: input.profile.name, jobTitle: input.profile.jobTitle ?? '' },
      contextOf(ctx, deps.clock),
    );
    respondToCommand(ctx, created.position, created.view);
  });

  router.put(endpoints.userUpdate.path, async (ctx) => {
    const input = validateInput(endpoints.userUpdate.schema, ctx.request.body, endpoints.userUpdate.model);
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
    respondToCommand(ctx, result.position, result.view);
  });

  router.delete(endpoints.userDelete.path, async (ctx) => {
    const result = await deleteUser(deps, ctx.params.id!, actorOf(ctx), contextOf(ctx, deps.clock));
    respondToCommand(ctx, result.position, {});
  });

  router.put(endpoints.userImageStore.path, async (ctx) => {
    const bytes = await readUploadedFile(ctx);
    const image = await processProfileImage(bytes);
    const result = await setUserImage(deps, ctx.params.id!, image, contextOf(ctx, deps.clock));
    respondToCommand(ctx, result.position, result.view);
  });

  router.delete(endpoints.userImageDelete.path, async (ctx) => {
    const result = await removeUserImage(deps, ctx.params.id!, contextOf(ctx, deps.clock));
    respondToCommand(ctx, result.position, result.view);
  });

  return router;
}
