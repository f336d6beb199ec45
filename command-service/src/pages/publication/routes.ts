import type { Context } from 'koa';
import { hasPermission } from '@pagelog/contracts/permissions';
import type { Access } from '@pagelog/service-kit/auth/access';
import { command, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf } from '../../core/route-context';
import { storeInput } from '../authoring/routes';
import type { PagesDeps } from '../pages-deps';
import type { Actor } from './decider';
import { publishPage, requestPublication, reviewStep, storeAnd, unpublishPage } from './commands';

/** Who acts, as the workflow rules see them. */
function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as Access | null;
  return { actorId: String(ctx.state.actorId), isReviewer: hasPermission(user?.permissions, 'review-publication') };
}

export function publicationRoutes(deps: PagesDeps): EndpointRoute[] {
  const storeAndRoute = (name: 'pageStoreAndPublish' | 'pageStoreAndUnpublish', then: 'publish' | 'unpublish') =>
    command(name, async (ctx, input) => {
      const result = await storeAnd(deps, then, ctx.params.id!, storeInput(input), contextOf(ctx, deps.clock), actorOf(ctx));
      return {
        pageID: result.pageID,
        pageVersionID: result.pageVersionID,
        publishedVersionID: result.publishedVersionID,
        revision: result.revision,
        merged: result.merged,
        position: result.position,
      };
    });

  return [
    command('pagePublish', async (ctx, input) => {
      const result = await publishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx, deps.clock), actorOf(ctx));
      return { pageID: result.pageID, publishedVersionID: result.publishedVersionID, revision: result.revision, position: result.position };
    }),

    command('pageUnpublish', async (ctx, input) => {
      const result = await unpublishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx, deps.clock), actorOf(ctx));
      return { pageID: result.pageID, publishedVersionID: result.publishedVersionID, revision: result.revision, position: result.position };
    }),

    storeAndRoute('pageStoreAndPublish', 'publish'),
    storeAndRoute('pageStoreAndUnpublish', 'unpublish'),

    command('pageRequestPublication', async (ctx, input) => {
      const result = await requestPublication(deps, ctx.params.id!, input, contextOf(ctx, deps.clock), actorOf(ctx));
      return { pageID: result.pageID, pageVersionID: result.pageVersionID, requestId: result.requestId, revision: result.revision, position: result.position };
    }),

    command('pageAcceptPublication', async (ctx, input) => {
      const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'AcceptPublication', feedback: input.feedback }, contextOf(ctx, deps.clock), actorOf(ctx));
      return result;
    }),

    command('pageRejectPublication', async (ctx, input) => {
      const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'RejectPublication', feedback: input.feedback }, contextOf(ctx, deps.clock), actorOf(ctx));
      return result;
    }),

    command('pageRevokePublication', async (ctx, input) => {
      const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'RevokePublication' }, contextOf(ctx, deps.clock), actorOf(ctx));
      return result;
    }),

    command('pageResendPublication', async (ctx, input) => {
      const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'ResendPublication', comment: input.comment }, contextOf(ctx, deps.clock), actorOf(ctx));
      return result;
    }),
  ];
}
