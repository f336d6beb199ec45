import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Middleware } from 'koa';
import mount from 'koa-mount';
import { STRICT_TRANSPORT_SECURITY } from '@pagelog/contracts/transport-security';
import { staticFiles } from '@pagelog/site-web/server/static-files';

export const ADMIN_BASE = '/cmsadmin';
const ASSETS_BASE = `${ADMIN_BASE}/assets`;
/** A file of the build's assets folder: one plain name (Vite's `<name>-<hash>.<ext>`, and .br/.gz). */
const assetName = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

function notFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = 'Not found';
}
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
  const assets = mount(ASSETS_BASE, staticFiles(join(distDir, 'assets')));
  let index: { html: string; etag: string } | null = null;
  return async (ctx, next) => {
    if (ctx.path !== ADMIN_BASE && !ctx.path.startsWith(`${ADMIN_BASE}/`)) return next();
    // Every answer under /cmsadmin, errors and files included, carries the admin's headers.
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Content-Security-Policy', adminContentSecurityPolicy);
    ctx.set('X-Frame-Options', 'DENY');
    if (hsts) ctx.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    if (ctx.path === ADMIN_BASE) {
      ctx.redirect(`${ADMIN_BASE}/${ctx.querystring ? `?${ctx.querystring}` : ''}`);
      return;
    }
    if (ctx.path.startsWith(`${ASSETS_BASE}/`)) {
      // The build's assets are flat files with plain names: anything else (an encoded slash, a
      // dot segment) is not one of them, and never reaches the file system.
      if (!assetName.test(ctx.path.slice(ASSETS_BASE.length + 1))) {
        notFound(ctx);
        return;
      }
      try {
        await assets(ctx, async () => {});
      } catch {
        // koa-send's refusals (403, 404) would otherwise go to Koa's default handler, which
        // drops the headers set above.
        notFound(ctx);
        return;
      }
      if (ctx.body === undefined) notFound(ctx);
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
