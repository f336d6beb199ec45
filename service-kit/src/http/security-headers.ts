import type { Middleware } from 'koa';
import { STRICT_TRANSPORT_SECURITY } from '@pagelog/contracts/transport-security';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security (see servedOverHttps). */
  hsts: boolean;
}

/** Headers every API answer carries: no sniffing, no framing, no caching of personal answers. */
export function securityHeaders(options: SecurityHeaderOptions = { hsts: false }): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cache-Control', 'no-store');
    if (options.hsts) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  };
}
