import type { Context } from 'koa';
import { MIN_POSITION_HEADER } from '@pagelog/contracts/envelope';
import { commandIdentity } from '@pagelog/service-kit/http/idempotency';
import { commandContext, type CommandContext } from './command-context';

/**
 * The command context of an HTTP request: its actor and its request id as correlation; with an
 * Idempotency-Key, new ids and event ids made from the key (the same on every attempt).
 */
export function contextOf(ctx: Context, clock: () => number): CommandContext {
  return commandContext(String(ctx.state.actorId ?? 'anonymous'), String(ctx.state.requestId ?? ''), new Date(clock()), commandIdentity(ctx));
}

/**
 * The log position the caller has seen (X-Pagelog-Min-Position), if it sent one: read models a
 * command consults for advice (its warnings) wait for it, so the caller's own earlier writes count.
 */
export function seenPositionOf(ctx: Context): number | undefined {
  const raw = ctx.get(MIN_POSITION_HEADER);
  return /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}
