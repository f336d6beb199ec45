import type { Middleware } from 'koa';
import type { Settings } from '@pagelog/contracts/locales';
import { NOT_FOUND_SLUG } from '@pagelog/contracts/slugs';
import type { PageState } from '../app/page-state';
import { buildHead } from './build-head';
import type { ClientAssets } from './client-assets';
import { preparePage } from './prepare-page';
import { renderDocument } from './render-document';
import type { ApiCall, SiteApi } from './site-api';
import type { SiteLogger } from './site-logger';

export interface PageRouteDependencies {
  api: SiteApi;
  settings: (call: ApiCall) => Promise<Settings>;
  clientAssets: () => ClientAssets;
  siteName: string;
  publicUrl: string;
  logger: SiteLogger;
}

/**
 * The catch-all page route: asks the API for the page at the request path, passes the API's
 * cookies on, and answers the server-rendered page (404 for the site's 404 page or no page).
 */
export function pageRoute({ api, settings, clientAssets, siteName, publicUrl, logger }: PageRouteDependencies): Middleware {
  return async (ctx) => {
    const call: ApiCall = { requestId: String(ctx.state.requestId) };
    const cookie = ctx.get('Cookie');
    if (cookie !== '') call.cookie = cookie;

    const [{ defaultLocale }, reply, session] = await Promise.all([settings(call), api.getPageBySlug(ctx.path, call), api.session(call)]);
    const csrfToken = session.csrfToken || reply.csrfToken;
    const setCookies = [...session.setCookies, ...reply.setCookies];
    if (reply.status !== 200 && reply.status !== 404) {
      logger.warn({ requestId: call.requestId, path: ctx.path, apiStatus: reply.status }, 'the API refused a page path; answering 404');
    }

    const page = reply.page === null ? null : preparePage(reply.page);
    const found = reply.status === 200 && page !== null && page.slug !== NOT_FOUND_SLUG;
    const state: PageState = { page, status: found ? 200 : 404, siteName, defaultLocale };
    const head = buildHead({ page, siteName, publicUrl, defaultLocale, csrfToken });
    const html = renderDocument({ state, head, assets: clientAssets() });

    if (setCookies.length > 0) ctx.append('Set-Cookie', setCookies);
    ctx.status = state.status;
    ctx.type = 'html';
    ctx.set('Content-Language', page?.locale ?? defaultLocale);
    // The page carries this visitor's CSRF token, so no shared cache may keep it.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = html;
  };
}
