import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import Koa from 'koa';
import mount from 'koa-mount';
import { cached } from './cached';
import { CLIENT_ASSETS_PREFIX, clientAssetResolver } from './client-assets';
import { errorPages } from './error-pages';
import { pageCompression } from './page-compression';
import { pageRoute } from './page-route';
import { servedOverHttps } from '@pagelog/contracts/transport-security';
import { securityHeaders } from './security-headers';
import { requestId } from './request-id';
import { createSiteApi } from './site-api';
import { consoleLogger, type SiteLogger } from './site-logger';
import { staticFiles } from './static-files';

export interface SiteAppOptions {
  /** Where the API lives, e.g. `http://localhost:3000` (the site adds `/api/cms/...`). */
  apiUrl: string;
  /** Shown in titles, header and footer. */
  siteName: string;
  /** The public origin of the site, for canonical and Open Graph URLs, e.g. `https://www.example.com`. */
  publicUrl: string;
  /** The built client (Vite's outDir). Defaults to site-web/dist/client. */
  clientDir?: string;
  /** Defaults to the console. A pino logger fits. */
  logger?: SiteLogger;
  /** How long an API call may take before the visitor gets the 503 page. Default 10 s. */
  apiTimeoutMs?: number;
  /** How long the site settings are kept in memory. Default 5 s. */
  settingsTtlMs?: number;
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/**
 * The public site: the client bundle under /assets/site/ and every other GET or HEAD path
 * rendered as a page with React on the server. Other methods get 405.
 */
export function createSiteApp(options: SiteAppOptions): Koa {
  const logger = options.logger ?? consoleLogger;
  const clientDir = options.clientDir ?? defaultClientDir;
  const api = createSiteApi({ apiUrl: options.apiUrl, timeoutMs: options.apiTimeoutMs ?? 10_000 });

  const router = new Router();
  router.get(
    '{/*path}',
    pageRoute({
      api,
      settings: cached(api.getSettings, options.settingsTtlMs ?? 5_000),
      clientAssets: clientAssetResolver(clientDir, logger),
      siteName: options.siteName,
      publicUrl: options.publicUrl,
      logger,
    }),
  );

  const app = new Koa();
  app.use(requestId());
  app.use(securityHeaders({ hsts: servedOverHttps(options.publicUrl) }));
  app.use(errorPages(logger));
  app.use(mount(CLIENT_ASSETS_PREFIX, staticFiles(clientDir)));
  app.use(async (ctx, next) => {
    // A missing bundle file is a plain 404, not a page look-up.
    if (ctx.path === CLIENT_ASSETS_PREFIX || ctx.path.startsWith(`${CLIENT_ASSETS_PREFIX}/`)) {
      ctx.status = 404;
      ctx.type = 'text';
      ctx.body = 'Not found';
      return;
    }
    await next();
  });
  // Below the bundle: its files are compressed at build time, pages per request.
  app.use(pageCompression());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
