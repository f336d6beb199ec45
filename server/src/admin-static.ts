import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import mount from 'koa-mount';

export const ADMIN_BASE = '/cmsadmin';
export const adminDistDir = fileURLToPath(new URL('../../admin-web/dist', import.meta.url));

/**
 * Serves the admin SPA's build under /cmsadmin: hashed assets from disk (cached long), and
 * index.html for every other path below it so the client router can take over.
 */
export function adminStatic(distDir = adminDistDir): Middleware {
  const assets = mount(ADMIN_BASE, serve(distDir, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true }));
  let indexHtml: string | null = null;
  return async (ctx, next) => {
    if (ctx.path !== ADMIN_BASE && !ctx.path.startsWith(`${ADMIN_BASE}/`)) return next();
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
    indexHtml ??= await readFile(join(distDir, 'index.html'), 'utf8').catch(() => null);
    if (indexHtml === null) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The admin has not been built: run `npm run build`.';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = indexHtml;
  };
}
