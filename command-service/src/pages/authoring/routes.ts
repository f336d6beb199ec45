import type { InferType } from 'yup';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { storeAndPublishSchema } from '@pagelog/contracts/pages/schemas';
import type { SeoImage } from '@pagelog/contracts/pages/page';
import { hasPermission } from '@pagelog/contracts/permissions';
import type { Access } from '@pagelog/service-kit/auth/access';
import { command, reply, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import { contextOf, seenPositionOf } from '../../core/route-context';
import { linkWarnings } from '../link-warnings';
import { slugAvailable } from '../claims/claims';
import type { PagesDeps } from '../pages-deps';
import { savePageWithSubpages } from './move-with-subpages';
import { createPage, createTranslation, deletePage, duplicatePage, savePage, storeVersion, type StoreVersionInput } from './commands';

/** A validated store body (of a store, or of a store-and-(un)publish, which has no `auto`) as the commands take it. */
export function storeInput(input: InferType<typeof storeAndPublishSchema> & { auto?: boolean }): StoreVersionInput {
  return {
    ...input,
    blocks: input.blocks.map((block): Block => ({ ...block, type: block.type ?? '' })),
    seoKeywords: input.seoKeywords as string[],
    seoImage: (input.seoImage ?? []) as SeoImage[],
  };
}

export function authoringRoutes(deps: PagesDeps): EndpointRoute[] {
  return [
    command('pageCreate', async (ctx, input) => {
      const result = await createPage(deps, { ...input, typeData: input.typeData ?? {} }, contextOf(ctx, deps.clock));
      return { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision, position: result.position };
    }),

    command('pageCreateTranslation', async (ctx, input) => {
      const result = await createTranslation(deps, input, contextOf(ctx, deps.clock));
      return { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision, position: result.position };
    }),

    command('pageDuplicate', async (ctx, input) => {
      const result = await duplicatePage(deps, input, contextOf(ctx, deps.clock));
      return { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision, position: result.position };
    }),

    command('pageSave', async (ctx, input) => {
      const mayPublish = hasPermission((ctx.state.user as Access | null)?.permissions, 'publish-page');
      const { withSubpages, ...settings } = input;
      const save = withSubpages ? savePageWithSubpages : async (...args: Parameters<typeof savePage>) => ({ ...(await savePage(...args)), subpagesMoved: [] as { pageID: string; slug: string }[] });
      const result = await save(deps, ctx.params.id!, { ...settings, typeData: input.typeData as Record<string, unknown> | undefined, mayPublish }, contextOf(ctx, deps.clock));
      return {
        pageID: result.pageID,
        pageVersionID: result.pageVersionID,
        slug: result.slug,
        revision: result.revision,
        linksUpdated: result.linksUpdated,
        subpagesMoved: result.subpagesMoved,
        position: result.position,
      };
    }),

    command('pageVersionStore', async (ctx, input) => {
      const result = await storeVersion(deps, ctx.params.id!, storeInput(input), contextOf(ctx, deps.clock));
      const warnings = await linkWarnings(deps, result.blocks, { pageId: result.pageID, seenUpTo: seenPositionOf(ctx) });
      return reply({ pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision, merged: result.merged, position: result.position }, { warnings });
    }),

    command('pageDelete', async (ctx, input) => {
      const result = await deletePage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx, deps.clock));
      return { pageID: result.pageID, revision: result.revision, position: result.position };
    }),

    command('pageSlugAvailable', async (ctx, input) => {
      const available = await slugAvailable(deps, { locale: input.locale, slug: input.slug, pageId: input.pageID }, contextOf(ctx, deps.clock).now);
      return { available, slug: input.slug, locale: input.locale };
    }),
  ];
}
