import type { Context } from 'koa';
import { commandIdentity } from '@pagelog/service-kit/http/idempotency';
import { commandContext, type CommandContext } from './command-context';

/**
 * The command context of an HTTP request: its actor and its request id as correlation; with an
 * Idempotency-Key, new ids and event ids made from the key (the same on every attempt).
 */
export function contextOf(ctx: Context, clock: () => number): CommandContext {
  return commandContext(String(ctx.state.actorId ?? 'anonymous'), String(ctx.state.requestId ?? ''), new Date(clock()), commandIdentity(ctx));
}
