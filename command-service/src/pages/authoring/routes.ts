import Router from '@koa/router';
import { endpoints } from '@pagelog/contracts/endpoints';
import { validateInput } from '@pagelog/contracts/validation';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { CommandDeps } from '../../core/command-deps';
import { contextOf } from '../../core/route-context';
import { respondToCommand } from '../../core/respond';
import { createPage, storeVersion } from './commands';

export function authoringRoutes(deps: CommandDeps): Router {
  const router = new Router();

  router.post(endpoints.pageCreate.path, async (ctx) => {
    const input = validateInput(endpoints.pageCreate.schema, ctx.request.body, endpoints.pageCreate.model);
    const result = await createPage(deps, { ...input, typeData: input.typeData ?? {} }, contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision });
  });

  router.post(endpoints.pageVersionStore.path, async (ctx) => {
    const input = validateInput(endpoints.pageVersionStore.schema, ctx.request.body, endpoints.pageVersionStore.model);
    const result = await storeVersion(
      deps,
      ctx.params.id!,
      { ...input, blocks: input.blocks as unknown as Block[], seoKeywords: input.seoKeywords as string[], seoImage: (input.seoImage ?? []) as string[] },
      contextOf(ctx),
    );
    respondToCommand(ctx, result.position, { pageID: result.pageID, pageVersionID: result.pageVersionID, revision: result.revision });
  });

  return router;
}
