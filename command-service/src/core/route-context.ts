import type { Context } from 'koa';
import { commandContext, type CommandContext } from './command-context';

/** The command context of an HTTP request: its actor and its request id as correlation. */
export function contextOf(ctx: Context, clock: () => number = Date.now): CommandContext {
  return commandContext(String(ctx.state.actorId ?? 'anonymous'), String(ctx.state.requestId ?? ''), new Date(clock()));
}
