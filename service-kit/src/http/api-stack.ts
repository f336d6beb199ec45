import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { requestId } from './request-id';
import { requestLogger } from './request-logger';
import { errorHandler } from './error-handler';
import { securityHeaders } from './security-headers';
import { apiNotFound } from './api-not-found';
import { bodyParser } from './body-parser';
import { authMiddleware, type AuthDeps } from '../auth/auth-middleware';

/**
 * The middleware every API process puts before its routes, in order. Access (session, CSRF,
 * permission) is decided before the body is read.
 */
export function apiStack(logger: Logger, options: { auth: AuthDeps; bodyLimit?: string }): Middleware[] {
  return [requestId(logger), requestLogger(), errorHandler(), securityHeaders(), apiNotFound(), authMiddleware(options.auth), bodyParser(options.bodyLimit)];
}
