import type { Context } from 'koa';
import { ok, POSITION_HEADER } from '@pagelog/contracts/envelope';

/** Answers a command: the envelope with `position` in data, and the X-Pagelog-Position header. */
export function respondToCommand<T extends object>(ctx: Context, position: number, data: T): void {
  ctx.set(POSITION_HEADER, String(position));
  ctx.body = ok({ ...data, position });
}
