import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { requestId } from './request-id';
import { requestLogger } from './request-logger';
import { errorHandler } from './error-handler';
import { servedOverHttps } from '@pagelog/contracts/transport-security';
import { securityHeaders } from './security-headers';
import { compression } from './compression';
import { apiNotFound } from './api-not-found';
import { bodyParser } from './body-parser';
import { endpointGate } from './endpoint-gate';
import { endpointRouter, type EndpointRoute, type RouteServices } from './endpoint-routes';
import { authMiddleware, type AuthDeps } from '../auth/auth-middleware';

/**
 * An API process: the middleware stack, in order, then the routes. A request is matched against
 * the endpoint table before anything else (unmatched: 404, before any access check or body);
 * access (session, CSRF, permission) is decided before the body is read; the route of the
 * matched endpoint answers.
 */
export function apiStack(
  logger: Logger,
  options: { auth: AuthDeps; routes: readonly EndpointRoute[]; publicUrl: string; bodyLimit?: string } & RouteServices,
): Middleware[] {
  return [
    requestId(logger),
    requestLogger(),
    // Outside the error handler, so error envelopes are compressed as well.
    compression(),
    errorHandler(),
    securityHeaders({ hsts: servedOverHttps(options.publicUrl) }),
    apiNotFound(),
    endpointGate(),
    authMiddleware(options.auth),
    bodyParser(options.bodyLimit),
    endpointRouter(options.routes, { idempotency: options.idempotency, clock: options.clock }),
  ];
}
