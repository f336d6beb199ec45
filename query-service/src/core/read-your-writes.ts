import type { Middleware } from 'koa';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import type { QueryDeps } from './query-deps';

export const STALE_HEADER = 'X-Pagelog-Stale';

/**
 * A query sent with X-Pagelog-Min-Position waits until the projections it reads have reached
 * that position, at most the configured time; then it answers anyway, marked stale.
 */
export function readYourWrites(deps: QueryDeps, projections: string[]): Middleware {
  return async (ctx, next) => {
    const raw = ctx.get(MIN_POSITION_HEADER);
    const position = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
    if (position > 0) {
      const reached = await deps.readModels.waitForCheckpoints(projections, position, deps.consistencyTimeoutMs);
      if (!reached) ctx.set(STALE_HEADER, 'true');
    }
    await next();
  };
}
