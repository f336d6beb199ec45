import type { Context, Middleware, Next } from 'koa';
import type { SiteReads } from '@pagelog/contracts/site/site-reads';
import { AS_OF_COOKIE, AS_OF_LEAVE_PATH, AS_OF_PATH, type AsOfView } from '@pagelog/contracts/time-travel/time-travel';
import type { AsOfBanner } from '../app/page-state';
import type { ClientAssets } from './client-assets';
import { errorPage } from './error-page';
import { listPageOf, renderKey } from './list-page';
import { pageRender } from './page-render';
import { searchRender } from './search-render';
import { searchRoute } from './search-route';
import type { TracedSiteReads } from './site-api';
import type { SiteLogger } from './site-logger';

export interface AsOfRouteDependencies {
  /** What a token opens; absent when the site cannot travel in time (then /_asof is not found). */
  open: ((token: string) => Promise<{ view: AsOfView; reads: SiteReads } | null>) | undefined;
  clientAssets: () => ClientAssets;
  publicUrl: string;
  logger: SiteLogger;
}

/** A view of the past is the holder's alone: never kept, never indexed, its token sent to no other site. */
function privateAnswer(ctx: Context): void {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Vary', 'Cookie');
}

const cookieOptions = (ctx: Context, maxAge: number) => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', maxAge, secure: ctx.secure, overwrite: true });

/**
 * Time travel on the public site (issue 17): `/_asof/<token>` (a link an administrator made, or
 * shared) checks the token with the API, keeps it in an HttpOnly cookie of the site until the
 * link expires, and goes to the home page; from then on every page, redirect, 404, tag page and
 * search is answered as the site was at the token's moment, with a banner saying so and a link
 * to `/_asof/leave`, which drops the cookie. The view is read-only: no client script runs (no
 * form can be sent, no popup opens) and a form posted without JavaScript is refused. Answers are
 * no-store and noindex, and the render cache never sees them. A cookie whose token has expired
 * is dropped and the visitor sees the site as it is.
 */
export function asOfRoute({ open, clientAssets, publicUrl, logger }: AsOfRouteDependencies): Middleware {
  // The page without its script: a view of the past is static, and its islands would post to the present.
  const staticAssets = () => ({ ...clientAssets(), scripts: [], modulePreloads: [] });

  async function answerAsOf(ctx: Context, next: Next, view: AsOfView, source: SiteReads): Promise<void> {
    privateAnswer(ctx);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 409;
      ctx.type = 'html';
      ctx.body = errorPage('Read-only', view.kind === 'future' ? 'You are viewing the site as it will be at a later moment: nothing can be sent from it. Go back to the present to use the forms.' : view.kind === 'release' ? 'You are previewing a release: nothing can be sent from it. Go back to the present to use the forms.' : 'You are viewing the site as it was at a past moment: nothing can be sent from it. Go back to the present to use the forms.');
      return;
    }
    const reads = source as TracedSiteReads;
    const asOf: AsOfBanner = { kind: view.kind ?? 'past', at: view.at, position: view.position, leaveHref: AS_OF_LEAVE_PATH, ...(view.releaseName !== undefined ? { releaseName: view.releaseName } : {}), ...(view.releaseNotReady ? { releaseNotReady: true } : {}) };
    const deps = { reads, clientAssets: staticAssets, publicUrl, logger, asOf };
    const render = pageRender(deps);
    const search = searchRoute({ reads, render: searchRender(deps) });
    await search(ctx, async () => {
      const rendered = await render(renderKey(ctx.path, listPageOf(ctx.querystring)), String(ctx.state.requestId ?? ''));
      if (rendered.status === 301 && rendered.location) {
        ctx.status = 301;
        ctx.redirect(rendered.location);
        return;
      }
      ctx.status = rendered.status;
      ctx.type = 'html';
      if (rendered.contentLanguage) ctx.set('Content-Language', rendered.contentLanguage);
      ctx.body = rendered.html;
    });
    // The search route sets its own caching; a view of the past is never kept.
    privateAnswer(ctx);
    void next;
  }

  return async (ctx, next) => {
    if (!open) return next();
    if (ctx.path === AS_OF_LEAVE_PATH) {
      ctx.cookies.set(AS_OF_COOKIE, '', cookieOptions(ctx, 0));
      privateAnswer(ctx);
      ctx.redirect('/');
      return;
    }
    if (ctx.path.startsWith(`${AS_OF_PATH}/`)) {
      privateAnswer(ctx);
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
        ctx.status = 405;
        ctx.set('Allow', 'HEAD, GET');
        return;
      }
      const token = ctx.path.slice(AS_OF_PATH.length + 1);
      const opened = await open(token);
      if (!opened) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = errorPage('Link expired', 'This link to the site at another moment has expired or is not valid. Ask for a new one.');
        return;
      }
      ctx.cookies.set(AS_OF_COOKIE, token, cookieOptions(ctx, Math.max(0, Date.parse(opened.view.expiresAt) - Date.now())));
      ctx.redirect('/');
      return;
    }
    const token = ctx.cookies.get(AS_OF_COOKIE);
    if (!token) return next();
    const opened = await open(token);
    if (!opened) {
      ctx.cookies.set(AS_OF_COOKIE, '', cookieOptions(ctx, 0));
      return next();
    }
    return answerAsOf(ctx, next, opened.view, opened.reads);
  };
}
