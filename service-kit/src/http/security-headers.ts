import type { Middleware } from 'koa';

/** Headers every API answer carries: no sniffing, no framing, no caching of personal answers. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
