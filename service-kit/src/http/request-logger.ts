import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One log line per request, after it has been answered (errors included). */
export function requestLogger(): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const log = ctx.state.log as Logger | undefined;
      log?.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  };
}
