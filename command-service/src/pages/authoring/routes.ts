import Router from '@koa/router';
import type { InferType } from 'yup';
import { endpoints } from '@pagelog/contracts/endpoints';
import { ok } from '@pagelog/contracts/envelope';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { storeVersionSchema } from '@pagelog/contracts/pages/schemas';
import { validateInput } from '@pagelog/contracts/validation';
import { contextOf } from '../../core/route-context';
import { respondToCommand } from '../../core/respond';
import { slugAvailable } from '../claims/claims';
import type { PagesDeps } from '../pages-deps';
import { createPage, createTranslation, deletePage, duplicatePage, savePage, storeVersion, type StoreVersionInput } from './commands';

/** A validated store body as the commands take it. */
export function storeInput(input: InferType<typeof storeVersionSchema>): StoreVersionInput {
  return {
    ...input,
    blocks: input.blocks as unknown as Block[],
    seoKeywords: input.seoKeywords as string[],
    seoImage: (input.seoImage ?? []) as string[],
  };
}

const body = <N extends keyof typeof endpoints>(name: N, raw: unknown) => {
  const endpoint = endpoints[name] as { schema: import('yup').AnyObjectSchema; model: string };
  return validateInput(endpoint.schema, raw ?? {}, endpoint.model);
};

export function authoringRoutes(deps: PagesDeps): Router {
  const router = new Router();

  router.post(endpoints.pageCreate.path, async (ctx) => {
    const input = validateInput(endpoints.pageCreate.schema, ctx.request.body, endpoints.pageCreate.model);
    const result = await createPage(deps, { ...input, typeData: input.typeData ?? {} }, contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision });
  });

  router.post(endpoints.pageCreateTranslation.path, async (ctx) => {
    const input = validateInput(endpoints.pageCreateTranslation.schema, ctx.request.body, endpoints.pageCreateTranslation.model);
    const result = await createTranslation(deps, input, contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision });
  });

  router.post(endpoints.pageDuplicate.path, async (ctx) => {
    const input = validateInput(endpoints.pageDuplicate.schema, ctx.request.body, endpoints.pageDuplicate.model);
    const result = await duplicatePage(deps, input, contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision });
  });

  router.put(endpoints.pageSave.path, async (ctx) => {
    const input = validateInput(endpoints.pageSave.schema, ctx.request.body, endpoints.pageSave.model);
    const result = await savePage(deps, ctx.params.id!, { ...input, typeData: input.typeData as Record<string, unknown> | undefined }, contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, slug: result.slug, revision: result.revision, linksUpdated: result.linksUpdated });
  });

  router.post(endpoints.pageVersionStore.path, async (ctx) => {
    const input = validateInput(endpoints.pageVersionStore.schema, ctx.request.body, endpoints.pageVersionStore.model);
    const result = await storeVersion(deps, ctx.params.id!, storeInput(input), contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision, merged: result.merged });
  });

  router.post(endpoints.pageDelete.path, async (ctx) => {
    const input = body('pageDelete', ctx.request.body) as { revision?: number };
    const result = await deletePage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, revision: result.revision });
  });

  router.post(endpoints.pageSlugAvailable.path, async (ctx) => {
    const input = validateInput(endpoints.pageSlugAvailable.schema, ctx.request.body, endpoints.pageSlugAvailable.model);
    const available = await slugAvailable(deps, { locale: input.locale, slug: input.slug, pageId: input.pageID }, contextOf(ctx).now);
    ctx.body = ok({ available, slug: input.slug, locale: input.locale });
  });

  return router;
}
