import Router from '@koa/router';
import { endpoints } from '@pagelog/contracts/endpoints';
import { ok } from '@pagelog/contracts/envelope';
import type { ProjectionStatus } from '@pagelog/contracts/read-models';
import type { QueryDeps } from '../core/query-deps';

/** Each projection's position, lag behind the log's head, and the error that stopped it, if any. */
export async function projectionStatus(deps: QueryDeps, names: string[]): Promise<ProjectionStatus[]> {
  const [head, checkpoints] = await Promise.all([deps.eventStore.headPosition(), deps.readModels.getCheckpoints()]);
  return names.map((name) => {
    const c = checkpoints.find((x) => x.name === name);
    const position = c?.position ?? 0;
    return { name, position, headPosition: head, lag: Math.max(0, head - position), updatedAt: c?.updatedAt ?? null, error: c?.error ?? null };
  });
}

export function systemRoutes(deps: QueryDeps, projectionNames: string[]): Router {
  const router = new Router();
  router.get(endpoints.projectionsStatus.path, async (ctx) => {
    ctx.body = ok(await projectionStatus(deps, projectionNames));
  });
  return router;
}
