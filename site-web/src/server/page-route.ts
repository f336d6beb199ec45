import type { Context, Middleware } from 'koa';
import { maskCsrfToken } from '@pagelog/contracts/users/csrf-mask';
import type { Settings } from '@pagelog/contracts/locales';
import type { PublicPageView } from '@pagelog/contracts/pages/page';
import { NOT_FOUND_SLUG, parsePublicPath } from '@pagelog/contracts/slugs';
import type { PageSiblings, PageState } from '../app/page-state';
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

/** `path` with the query string of the visitor's request; a query the path has already comes first. */
function withQuery(path: string, querystring: string): string {
  if (querystring === '') return path;
  const hash = path.indexOf('#');
  const [target, fragment] = hash === -1 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${target}${target.includes('?') ? '&' : '?'}${querystring}${fragment}`;
}

/**
 * The catch-all page route: asks the API for the page at the request path, passes the API's
 * cookies on, and answers the server-rendered page (404 for the site's 404 page or no page), or a
 * 301 to the path a moved page is at now.
 */
export function pageRoute({ api, settings, clientAssets, siteName, publicUrl, logger }: PageRouteDependencies): Middleware {
  /** A found page's translations; the page is shown without a language switcher when they cannot be read. */
  async function siblingsOf(page: PublicPageView, call: ApiCall): Promise<PageSiblings | null> {
    const { pageID } = page.pageVersion;
    try {
      return { pageID, pages: await api.getSiblings(pageID, call) };
    } catch (err) {
      logger.warn({ err, requestId: call.requestId, pageID }, 'the sibling pages could not be read; the page is shown without a language switcher');
      return null;
    }
  }

  function passCookies(ctx: Context, setCookies: string[]): void {
    if (setCookies.length > 0) ctx.append('Set-Cookie', setCookies);
  }

  return async (ctx) => {
    const call: ApiCall = { requestId: String(ctx.state.requestId) };
    const cookie = ctx.get('Cookie');
    if (cookie !== '') call.cookie = cookie;

    const [{ defaultLocale }, reply, session] = await Promise.all([settings(call), api.getPageBySlug(ctx.path, call), api.session(call)]);
    // Masked afresh for every page: the page is compressed, and a token that is the same bytes in
    // every answer could be read off the compressed sizes (BREACH). The API unmasks it.
    const plainToken = session.csrfToken || reply.csrfToken;
    const csrfToken = plainToken === '' ? '' : maskCsrfToken(plainToken);
    const setCookies = [...session.setCookies, ...reply.setCookies];

    if (reply.redirect !== null) {
      passCookies(ctx, setCookies);
      ctx.status = 301;
      ctx.redirect(withQuery(reply.redirect, ctx.querystring));
      // The old path redirects only until another page takes it: browsers must ask again.
      ctx.set('Cache-Control', 'private, no-cache');
      return;
    }
    if (reply.status !== 200 && reply.status !== 404) {
      logger.warn({ requestId: call.requestId, path: ctx.path, apiStatus: reply.status }, 'the API refused a page path; answering 404');
    }

    const page = reply.page === null ? null : preparePage(reply.page);
    const found = reply.status === 200 && page !== null && page.slug !== NOT_FOUND_SLUG;
    const state: PageState = {
      page,
      status: found ? 200 : 404,
      siteName,
      defaultLocale,
      locale: page?.locale ?? parsePublicPath(ctx.path, defaultLocale).locale,
      siblings: found ? await siblingsOf(page, call) : null,
    };
    const head = buildHead({ page, siteName, publicUrl, defaultLocale, locale: state.locale, csrfToken, siblings: state.siblings?.pages ?? [] });
    const html = renderDocument({ state, head, assets: clientAssets() });

    passCookies(ctx, setCookies);
    ctx.status = state.status;
    ctx.type = 'html';
    ctx.set('Content-Language', state.locale);
    // The page carries this visitor's CSRF token, so no shared cache may keep it.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = html;
  };
}
