import type { Middleware } from 'koa';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import type { SearchTarget } from '@pagelog/storage/search-index/search-index';
import type { QueryDeps } from './query-deps';

export const STALE_HEADER = 'X-Pagelog-Stale';

/** How often a wait for the search index looks at its checkpoint (it has no wake-up of its own). */
const SEARCH_POLL_MS = 15;

/** Resolves true once the search index's target has taken in `position`, false after `timeoutMs`. */
export async function waitForSearchIndex(deps: Pick<QueryDeps, 'searchIndex'>, target: SearchTarget, position: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await deps.searchIndex.state(target)).checkpoint >= position) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, SEARCH_POLL_MS));
  }
}

/**
 * A query sent with X-Pagelog-Min-Position waits until the projections it reads (and the search
 * index targets, if it searches) have reached that position, at most the configured time; then it
 * answers anyway, marked stale.
 */
export function readYourWrites(deps: QueryDeps, projections: string[], searchTargets: readonly SearchTarget[] = []): Middleware {
  return async (ctx, next) => {
    const raw = ctx.get(MIN_POSITION_HEADER);
    const position = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    if (position > 0) {
      const started = Date.now();
      let reached = await deps.readModels.waitForCheckpoints(projections, position, deps.consistencyTimeoutMs);
      for (const target of searchTargets) {
        if (!reached) break;
        reached = await waitForSearchIndex(deps, target, position, Math.max(0, deps.consistencyTimeoutMs - (Date.now() - started)));
      }
      if (!reached) ctx.set(STALE_HEADER, 'true');
    }
    await next();
  };
}
