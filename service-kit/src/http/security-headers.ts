import type { Middleware } from 'koa';

/** A year, subdomains included: a subdomain left on http could still set cookies for the site. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Whether answers may pin browsers to https: only when the configured public URL is https. A
 * site reached over plain http (development, an intranet host) must not send it, or the browser
 * would refuse that host over http for a year.
 */
export function servedOverHttps(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith('https:');
}

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
