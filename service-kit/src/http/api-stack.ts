import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { requestId } from './request-id';
import { requestLogger } from './request-logger';
import { errorHandler } from './error-handler';
import { securityHeaders } from './security-headers';
import { apiNotFound } from './api-not-found';
import { bodyParser } from './body-parser';

/** The middleware every API process puts before its routes, in order. */
export function apiStack(logger: Logger, options: { bodyLimit?: string } = {}): Middleware[] {
  return [requestId(logger), requestLogger(), errorHandler(), securityHeaders(), apiNotFound(), bodyParser(options.bodyLimit)];
}
