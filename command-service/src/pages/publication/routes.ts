import Router from '@koa/router';
import type { Context } from 'koa';
import { endpoints } from '@pagelog/contracts/endpoints';
import { hasPermission } from '@pagelog/contracts/permissions';
import { validateInput } from '@pagelog/contracts/validation';
import type { Access } from '@pagelog/service-kit/auth/access';
import { contextOf } from '../../core/route-context';
import { respondToCommand } from '../../core/respond';
import { storeInput } from '../authoring/routes';
import type { PagesDeps } from '../pages-deps';
import type { Actor } from './decider';
import { publishPage, requestPublication, reviewStep, storeAnd, unpublishPage } from './commands';

/** Who acts, as the workflow rules see them. */
function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as Access | null;
  return { actorId: String(ctx.state.actorId), isReviewer: hasPermission(user?.permissions, 'review-publication') };
}

export function publicationRoutes(deps: PagesDeps): Router {
  const router = new Router();

  router.post(endpoints.pagePublish.path, async (ctx) => {
    const input = validateInput(endpoints.pagePublish.schema, ctx.request.body ?? {}, endpoints.pagePublish.model);
    const result = await publishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, publishedVersionID: result.publishedVersionID, revision: result.revision });
  });

  router.post(endpoints.pageUnpublish.path, async (ctx) => {
    const input = validateInput(endpoints.pageUnpublish.schema, ctx.request.body ?? {}, endpoints.pageUnpublish.model);
    const result = await unpublishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, publishedVersionID: result.publishedVersionID, revision: result.revision });
  });

  for (const [name, then] of [
    ['pageStoreAndPublish', 'publish'],
    ['pageStoreAndUnpublish', 'unpublish'],
  ] as const) {
    router.post(endpoints[name].path, async (ctx) => {
      const input = validateInput(endpoints[name].schema, ctx.request.body, endpoints[name].model);
      const result = await storeAnd(deps, then, ctx.params.id!, storeInput(input), contextOf(ctx), actorOf(ctx));
      respondToCommand(ctx, result.position, {
        pageID: result.pageID,
        pageVersionID: result.pageVersionID,
        publishedVersionID: result.publishedVersionID,
        revision: result.revision,
        merged: result.merged,
      });
    });
  }

  router.post(endpoints.pageRequestPublication.path, async (ctx) => {
    const input = validateInput(endpoints.pageRequestPublication.schema, ctx.request.body ?? {}, endpoints.pageRequestPublication.model);
    const result = await requestPublication(deps, ctx.params.id!, input, contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, requestId: result.requestId, revision: result.revision });
  });

  router.post(endpoints.pageAcceptPublication.path, async (ctx) => {
    const input = validateInput(endpoints.pageAcceptPublication.schema, ctx.request.body ?? {}, endpoints.pageAcceptPublication.model);
    const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'AcceptPublication', feedback: input.feedback }, contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, result);
  });

  router.post(endpoints.pageRejectPublication.path, async (ctx) => {
    const input = validateInput(endpoints.pageRejectPublication.schema, ctx.request.body ?? {}, endpoints.pageRejectPublication.model);
    const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'RejectPublication', feedback: input.feedback }, contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, result);
  });

  router.post(endpoints.pageRevokePublication.path, async (ctx) => {
    const input = validateInput(endpoints.pageRevokePublication.schema, ctx.request.body ?? {}, endpoints.pageRevokePublication.model);
    const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'RevokePublication' }, contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, result);
  });

  router.post(endpoints.pageResendPublication.path, async (ctx) => {
    const input = validateInput(endpoints.pageResendPublication.schema, ctx.request.body ?? {}, endpoints.pageResendPublication.model);
    const result = await reviewStep(deps, ctx.params.id!, input.pageID, { type: 'ResendPublication', comment: input.comment }, contextOf(ctx), actorOf(ctx));
    respondToCommand(ctx, result.position, result);
  });

  return router;
}
