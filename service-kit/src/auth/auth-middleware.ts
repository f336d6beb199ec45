import type { Middleware } from 'koa';
import { ForbiddenError, UnauthorizedError } from '@pagelog/contracts/domain-errors';
import { needsCsrf, needsFormCsrf, type EndpointMatch } from '@pagelog/contracts/endpoints';
import { hasPermissions, requiredPermissions } from '@pagelog/contracts/permissions';
import { CSRF_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@pagelog/contracts/users/user';
import type { SessionRecord } from '@pagelog/storage/session-store/session-store';
import type { Access, AccessResolver } from './access';
import type { FormCsrf } from '../http/form-csrf';
import { SessionManager } from './sessions';

export interface AuthDeps {
  sessions: SessionManager;
  access: AccessResolver;
  /** The public forms' double-submit tokens; without it every form endpoint is refused (AUTH_06). */
  formCsrf?: FormCsrf;
}

/** What the auth middleware puts on ctx.state (the endpoint is the gate's match). */
export interface AuthState {
  endpoint: EndpointMatch;
  session: SessionRecord | null;
  /** The signed-in, active user, or null. */
  user: Access | null;
  actorId: string;
}

export const ANONYMOUS_ACTOR = 'anonymous';

/**
 * The one place access is decided, for every route, from the endpoint table in contracts, for
 * the endpoint the gate matched (endpointGate runs first: without a match nothing gets here):
 * 401 (AUTH_05) for a call that needs a session and has none; 403 (AUTH_06) for a state-changing
 * call without this session's X-CSRF-Token and X-Requested-With: XMLHttpRequest, or for a public
 * form's call without its double-submit token (see FormCsrf); 403 (UM_01)
 * when the session's role lacks the endpoint's permission. Every reply of a request with a
 * session carries that session's CSRF token in the X-CSRF-Token header.
 */
export function authMiddleware(deps: AuthDeps): Middleware {
  return async (ctx, next) => {
    const match = ctx.state.endpoint as EndpointMatch | undefined;
    // Deny by default: a request the gate did not match never reaches a handler.
    if (!match) throw new Error('authMiddleware runs after endpointGate');
    let session = await deps.sessions.load(ctx);
    let user: Access | null = null;
    if (session?.userId) {
      user = await deps.access.resolve(session.userId);
      if (!user || user.status !== 'active') {
        // A deleted (or not yet activated) user's session is over.
        ctx.state.session = session;
        await deps.sessions.end(ctx);
        session = null;
        user = null;
      }
    }
    Object.assign(ctx.state, { endpoint: match, session, user, actorId: user?.userId ?? ANONYMOUS_ACTOR } satisfies AuthState);

    try {
      // Inside the try, so a refusal (403) carries the session's token as well: a client whose
      // token went stale (a login in another tab rotated it) can retry without a reload.
      const { endpoint, params } = match;
      if (endpoint.access !== 'public' && !user) throw new UnauthorizedError();
      if (needsCsrf(endpoint)) {
        const token = ctx.get(CSRF_HEADER);
        if (ctx.get(REQUESTED_WITH_HEADER) !== REQUESTED_WITH_VALUE || !session || !token || !SessionManager.tokenMatches(session, token)) {
          throw new ForbiddenError('AUTH_06');
        }
      }
      // A public form (no session): the signed token of its header must be the one of its cookie.
      if (needsFormCsrf(endpoint) && !deps.formCsrf?.verify(ctx)) throw new ForbiddenError('AUTH_06');
      if (typeof endpoint.access === 'object') {
        const { orSelf } = endpoint.access;
        const self = orSelf !== undefined && params[orSelf] === user!.userId;
        if (!self && !hasPermissions(user!.permissions, requiredPermissions(endpoint.access))) throw new ForbiddenError('UM_01');
      }
      await next();
    } finally {
      const current = ctx.state.session as SessionRecord | null;
      if (current) ctx.set(CSRF_HEADER, current.csrfToken);
    }
  };
}
