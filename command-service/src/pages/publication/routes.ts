import Router from '@koa/router';
import { endpoints } from '@pagelog/contracts/endpoints';
import { validateInput } from '@pagelog/contracts/validation';
import type { CommandDeps } from '../../core/command-deps';
import { contextOf } from '../../core/route-context';
import { respondToCommand } from '../../core/respond';
import { publishPage } from './commands';

export function publicationRoutes(deps: CommandDeps): Router {
  const router = new Router();

  router.post(endpoints.pagePublish.path, async (ctx) => {
    const input = validateInput(endpoints.pagePublish.schema, ctx.request.body ?? {}, endpoints.pagePublish.model);
    const result = await publishPage(deps, ctx.params.id!, input.revision ?? 'any', contextOf(ctx));
    respondToCommand(ctx, result.position, { pageID: result.pageID, revision: result.revision });
  });

  return router;
}
