import type { Context } from 'koa';
import { hasPermission } from '@pagelog/contracts/permissions';
import type { Access } from '@pagelog/service-kit/auth/access';
import type { Block } from '@pagelog/contracts/blocks/block';
import { command, reply, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf, seenPositionOf } from '../../core/route-context';
import { linkWarnings } from '../link-warnings';
import { storeInput } from '../authoring/routes';
import type { PagesDeps } from '../pages-deps';
import type { Actor } from './decider';
import { cancelSchedule, markTranslationUpToDate, publishPage, requestPublication, reviewStep, schedulePageChange, storeAnd, unpublishPage, type ReviewStep } from './commands';
import type { ScheduleAction } from '@pagelog/contracts/events/page-events';

/** Who acts, as the workflow rules see them. */
function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as Access | null;
  return { actorId: String(ctx.state.actorId), isReviewer: hasPermission(user?.permissions, 'review-publication') };
}

export function publicationRoutes(deps: PagesDeps): EndpointRoute[] {
  const storeAndRoute = (name: 'pageStoreAndPublish' | 'pageStoreAndUnpublish', then: 'publish' | 'unpublish') =>
    command(name, async (ctx, input) => {
      const result = await storeAnd(deps, then, ctx.params.id!, storeInput(input), contextOf(ctx, deps.clock), actorOf(ctx));
      const data = {
        pageID: result.pageID,
        pageVersionID: result.pageVersionID,
        publishedVersionID: result.publishedVersionID,
        revision: result.revision,
        merged: result.merged,
        position: result.position,
      };
      return reply(data, { warnings: await linkWarnings(deps, result.publishedBlocks ?? result.blocks, { pageId: result.pageID, seenUpTo: seenPositionOf(ctx) }) });
    });

  /** A review step's answer, with warnings when it put a version on the site (an accepted request). */
  const review = async (ctx: Context, pageID: string | undefined, step: ReviewStep) => {
    const { publishedBlocks, ...result } = await reviewStep(deps, ctx.params.id!, pageID, step, contextOf(ctx, deps.clock), actorOf(ctx));
    return reply(result, { warnings: await publishedLinkWarnings(ctx, result.pageID, publishedBlocks) });
  };

  /** The warnings of what a command published (none when it published nothing). */
  const publishedLinkWarnings = async (ctx: Context, pageId: string, blocks: readonly Block[] | null) =>
    blocks === null ? [] : linkWarnings(deps, blocks, { pageId, seenUpTo: seenPositionOf(ctx) });

  return [
    command('pagePublish', async (ctx, input) => {
      const result = await publishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx, deps.clock), actorOf(ctx));
      const data = { pageID: result.pageID, publishedVersionID: result.publishedVersionID, revision: result.revision, position: result.position };
      return reply(data, { warnings: await publishedLinkWarnings(ctx, result.pageID, result.publishedBlocks) });
    }),

    command('pageUnpublish', async (ctx, input) => {
      const result = await unpublishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx, deps.clock), actorOf(ctx));
      return { pageID: result.pageID, publishedVersionID: result.publishedVersionID, revision: result.revision, position: result.position };
    }),

    // Scheduled publishing and unpublishing (issue 17): carried out by the scheduler when due.
    command('pageSchedule', async (ctx, input) =>
      schedulePageChange(deps, ctx.params.id!, { action: input.action as ScheduleAction, at: input.at, revision: input.revision }, contextOf(ctx, deps.clock), actorOf(ctx)),
    ),
    command('pageScheduleCancel', async (ctx, input) => cancelSchedule(deps, ctx.params.id!, input.action as ScheduleAction, contextOf(ctx, deps.clock), actorOf(ctx))),

    command('pageTranslationUpToDate', async (ctx, input) => markTranslationUpToDate(deps, ctx.params.id!, input.blockKeys ?? null, contextOf(ctx, deps.clock), actorOf(ctx))),

    storeAndRoute('pageStoreAndPublish', 'publish'),
    storeAndRoute('pageStoreAndUnpublish', 'unpublish'),

    command('pageRequestPublication', async (ctx, input) => {
      const result = await requestPublication(deps, ctx.params.id!, input, contextOf(ctx, deps.clock), actorOf(ctx));
      return { pageID: result.pageID, pageVersionID: result.pageVersionID, requestId: result.requestId, revision: result.revision, position: result.position };
    }),

    command('pageAcceptPublication', (ctx, input) => review(ctx, input.pageID, { type: 'AcceptPublication', feedback: input.feedback })),
    command('pageRejectPublication', (ctx, input) => review(ctx, input.pageID, { type: 'RejectPublication', feedback: input.feedback })),
    command('pageRevokePublication', (ctx, input) => review(ctx, input.pageID, { type: 'RevokePublication' })),
    command('pageResendPublication', (ctx, input) => review(ctx, input.pageID, { type: 'ResendPublication', comment: input.comment })),
  ];
}
