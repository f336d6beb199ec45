import type { Context } from 'koa';
import { hasPermission } from '@pagelog/contracts/permissions';
import type { Access } from '@pagelog/service-kit/auth/access';
import type { MenuKind } from '@pagelog/contracts/menus/menu';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { CommandDeps } from '../core/command-deps';
import type { MediaBytesDeps } from '../pages/media-bytes';
import { contextOf } from '../core/route-context';
import type { Actor } from '../pages/publication/decider';
import {
  addReleaseMenu,
  addReleasePage,
  cancelReleaseSchedule,
  createRelease,
  deleteRelease,
  publishReleaseNow,
  removeReleaseMenu,
  removeReleasePage,
  rollbackReleaseNow,
  scheduleRelease,
  updateRelease,
} from './commands';

function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as Access | null;
  return { actorId: String(ctx.state.actorId), isReviewer: hasPermission(user?.permissions, 'review-publication') };
}

/** Whether the caller may change menus: a release with menu changes is theirs to publish, schedule and roll back only then. */
const mayPublishMenus = (ctx: Context) => hasPermission((ctx.state.user as Access | null)?.permissions, 'manage-menu');

const answer = ({ releaseID, revision, position }: { releaseID: string; revision: number; position: number }) => ({ releaseID, revision, position });

/** The release commands (issue 17), all for those who may publish pages, from the endpoint table. */
export function releaseRoutes(deps: CommandDeps & MediaBytesDeps & { clock: () => number }): EndpointRoute[] {
  return [
    command('releaseCreate', async (ctx, input) => answer(await createRelease(deps, { name: input.name, description: input.description ?? '' }, contextOf(ctx, deps.clock)))),
    command('releaseUpdate', async (ctx, input) => answer(await updateRelease(deps, ctx.params.id!, { name: input.name, description: input.description ?? '', revision: input.revision }, contextOf(ctx, deps.clock)))),
    command('releaseAddPage', async (ctx, input) => answer(await addReleasePage(deps, ctx.params.id!, input, contextOf(ctx, deps.clock)))),
    command('releaseRemovePage', async (ctx, input) => answer(await removeReleasePage(deps, ctx.params.id!, input, contextOf(ctx, deps.clock)))),
    command('releaseAddMenu', async (ctx, input) => answer(await addReleaseMenu(deps, ctx.params.id!, input as typeof input & { kind: MenuKind }, contextOf(ctx, deps.clock)))),
    command('releaseRemoveMenu', async (ctx, input) => answer(await removeReleaseMenu(deps, ctx.params.id!, input as typeof input & { kind: MenuKind }, contextOf(ctx, deps.clock)))),
    command('releaseSchedule', async (ctx, input) => answer(await scheduleRelease(deps, ctx.params.id!, { ...input, mayPublishMenus: mayPublishMenus(ctx) }, contextOf(ctx, deps.clock)))),
    command('releaseScheduleCancel', async (ctx, input) => answer(await cancelReleaseSchedule(deps, ctx.params.id!, input, contextOf(ctx, deps.clock)))),
    command('releasePublish', async (ctx, input) => answer(await publishReleaseNow(deps, ctx.params.id!, { revision: input.revision, mayPublishMenus: mayPublishMenus(ctx) }, contextOf(ctx, deps.clock), actorOf(ctx)))),
    command('releaseRollback', async (ctx, input) => answer(await rollbackReleaseNow(deps, ctx.params.id!, { revision: input.revision, mayPublishMenus: mayPublishMenus(ctx) }, contextOf(ctx, deps.clock)))),
    command('releaseDelete', async (ctx, input) => answer(await deleteRelease(deps, ctx.params.id!, input, contextOf(ctx, deps.clock)))),
  ];
}
