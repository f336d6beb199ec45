import type { Middleware } from 'koa';
import { lookupEndpoint } from '@pagelog/contracts/endpoints';
import { MethodNotAllowedError, NotFoundError } from '@pagelog/contracts/domain-errors';

/**
 * Deny by default: a request is matched against the endpoint table once, exactly (see
 * lookupEndpoint), before access is decided or any body is read. No match answers 404, a known
 * path under another method 405 with Allow, both in the envelope; a match is put on
 * `ctx.state.endpoint` for the access check, the input parser and the router, which all follow it.
 */
export function endpointGate(): Middleware {
  return async (ctx, next) => {
    const found = lookupEndpoint(ctx.method, ctx.path);
    if (found.kind === 'not-found') throw new NotFoundError('V_07');
    if (found.kind === 'method-not-allowed') throw new MethodNotAllowedError(found.allowed);
    ctx.state.endpoint = found.match;
    await next();
  };
}
