import type { Middleware } from 'koa';
import { ApiUnavailableError } from './site-api';
import { SERVICE_UNAVAILABLE_MESSAGE, errorPage } from './error-page';
import type { SiteLogger } from './site-logger';

function clientErrorStatus(err: unknown): number | null {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * The one place that turns a failure into a response: 503 when the API is unavailable, the
 * status of a client error (a malformed URL, say), 500 otherwise. 5xx are logged with the request
 * id; the visitor only ever sees a short friendly page, never a stack trace.
 */
export function errorPages(logger: SiteLogger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const clientStatus = clientErrorStatus(err);
      const status = err instanceof ApiUnavailableError ? 503 : (clientStatus ?? 500);
      if (status >= 500) {
        logger.error(
          { err, requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status },
          err instanceof ApiUnavailableError ? 'the API is unavailable' : 'rendering a page failed',
        );
      }
      ctx.remove('Set-Cookie');
      ctx.status = status;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body =
        status >= 500
          ? errorPage('Something went wrong', SERVICE_UNAVAILABLE_MESSAGE)
          : errorPage('This page cannot be shown', 'Please check the address and try again.');
    }
  };
}
