import Koa from 'koa';
import httpProxy from 'http-proxy';
import type { Logger } from 'pino';
import { API_BASE, matchEndpoint } from '@pagelog/contracts/endpoints';
import { adminStatic } from './admin-static';

export interface GatewayTargets {
  commandServiceUrl: string;
  queryServiceUrl: string;
  siteUrl: string;
}

/** Which service answers a call, read from the endpoint table in contracts. */
export function targetOf(method: string, path: string, targets: GatewayTargets): string {
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
    return matchEndpoint(method, path)?.endpoint.kind === 'command' ? targets.commandServiceUrl : targets.queryServiceUrl;
  }
  return targets.siteUrl;
}

/**
 * The distributed mode's front door: API commands to the command service, queries to the query
 * service (by the contracts' endpoint table), the admin build from disk, everything else to the
 * public site. The services and the site compress and set their own headers; the gateway passes
 * them on as they are.
 */
export function createGateway(targets: GatewayTargets, logger: Logger, options: { hsts: boolean; timeoutMs?: number }): Koa {
  // Longer than a service's own bound, so a service that cannot reach its store answers 503 itself
  // (with the reason logged there) before the gateway gives up on it.
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: options.timeoutMs ?? 30_000 });
  proxy.on('error', (error, _req, res) => {
    logger.error({ err: error }, 'upstream unavailable');
    const out = res as import('node:http').ServerResponse;
    if (!out.headersSent) {
      out.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5' });
      out.end(JSON.stringify({ Success: false, Errors: [{ code: 'G_01', property: '', model: '', message: 'Something went wrong, please try again later.' }], data: null }));
    }
  });
  const app = new Koa();
  app.proxy = true;
  app.use(adminStatic({ hsts: options.hsts }));
  app.use(async (ctx) => {
    ctx.respond = false;
    proxy.web(ctx.req, ctx.res, { target: targetOf(ctx.method, ctx.path, targets) });
  });
  return app;
}
