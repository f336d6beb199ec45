import type { Middleware } from 'koa';
import { STRICT_TRANSPORT_SECURITY } from '@pagelog/contracts/transport-security';

/**
 * What every answer of the public site carries. Scripts come only from the site itself (the
 * page state is inert JSON, not script); images may come from any https host, as rich text and
 * SEO images may point elsewhere; frames only from the two video players.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  // Video blocks: the players load only after the visitor presses play (privacy-first hosts).
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');


export function securityHeaders(options: { hsts: boolean } = { hsts: false }): Middleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', contentSecurityPolicy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (options.hsts) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  };
}
