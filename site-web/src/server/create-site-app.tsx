import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import type { SiteForms } from '@pagelog/contracts/site/site-forms';
import { formPostRoute } from './form-post-route';
import mount from 'koa-mount';
import type { SiteReads } from '@pagelog/contracts/site/site-reads';
import { servedOverHttps } from '@pagelog/contracts/transport-security';
import { CLIENT_ASSETS_PREFIX, clientAssetResolver } from './client-assets';
import { errorPages } from './error-pages';
import { newsletterConfirmRoute } from './newsletter-confirm-route';
import { pageRender, previewRender } from './page-render';
import { previewRoute } from './preview-route';
import { asOfRoute } from './as-of-route';
import { pageRoute } from './page-route';
import { RenderCache } from './render-cache';
import { requestId } from './request-id';
import { searchRender } from './search-render';
import { searchRoute } from './search-route';
import { securityHeaders } from './security-headers';
import { httpSiteReads, type TracedSiteReads } from './site-api';
import { consoleLogger, type SiteLogger } from './site-logger';
import { staticFiles } from './static-files';

export interface SiteAppOptions {
  /**
   * Where the site reads pages and settings: the query service in-process (the embedded mode) or
   * over HTTP. Without it, `apiUrl` names the API to read over HTTP.
   */
  reads?: SiteReads | TracedSiteReads;
  /** Where the API lives, e.g. `http://localhost:3000` (the site adds `/api/cms/...`), when `reads` is not given. */
  apiUrl?: string;
  /** The public origin of the site, for canonical and Open Graph URLs, e.g. `https://www.example.com`. */
  publicUrl: string;
  /** The built client (Vite's outDir). Defaults to site-web/dist/client. */
  clientDir?: string;
  /** Defaults to the console. A pino logger fits. */
  logger?: SiteLogger;
  /** How long an API call may take before the visitor gets the 503 page. Default 10 s. */
  apiTimeoutMs?: number;
  /**
   * The rendered pages kept in memory; the caller drops stale ones with its invalidate() as
   * changes are announced (decision 0016). Default: a cache of its own that nothing invalidates.
   */
  cache?: RenderCache;
  /** Takes the forms sent without JavaScript (a plain POST of their page); without it such posts get 405. */
  forms?: SiteForms;
  /** Believe X-Forwarded-For (PAGELOG_TRUST_PROXY): the address a form post is counted under. */
  trustProxy?: boolean;
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/**
 * The public site: the client bundle under /assets/site/, the newsletter's confirmation page and
 * the search results page of each locale
 * (rendered for every request), and every other GET or HEAD path answered with its page, rendered
 * with React on the server once per change and then served from the render cache. A POST of a
 * page is a form on it sent without JavaScript (form-post-route.ts), answered uncached. Other
 * methods get 405. No answer sets a cookie, except time travel's (as-of-route.ts): a visitor who
 * opened a link to a past moment keeps it in one until they leave it.
 */
export function createSiteApp(options: SiteAppOptions): Koa {
  const logger = options.logger ?? consoleLogger;
  const clientDir = options.clientDir ?? defaultClientDir;
  const reads = options.reads ?? httpSiteReads({ apiUrl: requiredApiUrl(options.apiUrl), timeoutMs: options.apiTimeoutMs ?? 10_000 });
  const cache = options.cache ?? new RenderCache();
  const clientAssets = clientAssetResolver(clientDir, logger);
  const render = pageRender({ reads, clientAssets, publicUrl: options.publicUrl, logger });
  const pages = pageRoute({ cache, render });
  const search = searchRoute({ reads, render: searchRender({ reads, clientAssets, publicUrl: options.publicUrl, logger }) });
  const newsletterConfirm = newsletterConfirmRoute({ reads, clientAssets, publicUrl: options.publicUrl, logger });
  const previews = previewRoute({ open: reads.preview?.bind(reads), render: previewRender({ reads, clientAssets, publicUrl: options.publicUrl, logger }) });

  const formPosts = options.forms ? formPostRoute({ forms: options.forms, render, publicUrl: options.publicUrl, logger }) : null;

  const app = new Koa();
  app.proxy = options.trustProxy ?? false;
  app.maxIpsCount = 1;
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
  app.use(previews);
  app.use(asOfRoute({ open: reads.asOf?.bind(reads), clientAssets, publicUrl: options.publicUrl, logger }));
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return newsletterConfirm(ctx, () => search(ctx, () => pages(ctx, next)));
    if (ctx.method === 'POST' && formPosts) return formPosts(ctx, next);
    ctx.status = 405;
    ctx.set('Allow', formPosts ? 'HEAD, GET, POST' : 'HEAD, GET');
  });
  return app;
}

function requiredApiUrl(apiUrl: string | undefined): string {
  if (!apiUrl) throw new TypeError('createSiteApp needs reads or an apiUrl');
  return apiUrl;
}
