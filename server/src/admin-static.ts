import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import mount from 'koa-mount';
import { STRICT_TRANSPORT_SECURITY } from '@pagelog/service-kit/http/security-headers';
import { staticFiles } from '@pagelog/site-web/server/static-files';

export const ADMIN_BASE = '/cmsadmin';
export const adminDistDir = fileURLToPath(new URL('../../admin-web/dist', import.meta.url));

/**
 * The admin's policy. Vite's build has no inline script or style, so nothing inline is allowed;
 * React's `style` props go through the CSSOM, which style-src does not govern. Images may be
 * object URLs (a profile image is previewed before it is uploaded) and data: URLs (the empty
 * favicon). The admin talks only to its own origin and is never framed.
 */
export const adminContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface AdminStaticOptions {
  /** Send Strict-Transport-Security: only when the public URL is https (servedOverHttps). */
  hsts: boolean;
  /** The admin build; defaults to admin-web/dist. */
  distDir?: string;
}

/**
 * Serves the admin SPA's build under /cmsadmin: hashed assets from disk (cached long, sent
 * precompressed when the browser accepts it), and index.html for every other path below it so
 * the client router can take over. Assets go through the same file serving as the public site's
 * bundle, as both are Vite builds.
 */
export function adminStatic({ hsts, distDir = adminDistDir }: AdminStaticOptions): Middleware {
  const assets = mount(ADMIN_BASE, staticFiles(distDir));
  let index: { html: string; etag: string } | null = null;
  return async (ctx, next) => {
    if (ctx.path !== ADMIN_BASE && !ctx.path.startsWith(`${ADMIN_BASE}/`)) return next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (hsts) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      return;
    }
    if (ctx.path === ADMIN_BASE) {
      ctx.redirect(`${ADMIN_BASE}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    if (ctx.path.startsWith(`${ADMIN_BASE}/assets/`)) {
      await assets(ctx, async () => {});
      if (ctx.body === undefined) ctx.status = 404;
      return;
    }
    index ??= await readFile(join(distDir, 'index.html'), 'utf8').then(
      (html) => ({ html, etag: `"${createHash('sha256').update(html).digest('base64url')}"` }),
      () => null,
    );
    if (index === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The admin has not been built: run `npm run build`.';
      return;
    }
    ctx.set('Content-Security-Policy', adminContentSecurityPolicy);
    ctx.set('X-Frame-Options', 'DENY');
    // Not cached (a new build names new assets), but a browser revalidates it to a 304.
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = 200;
    ctx.etag = index.etag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = index.html;
  };
}
