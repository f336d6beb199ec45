import { query, type EndpointRoute } from '@pagelog/service-kit/http/endpoint-routes';
import type { UserQueryDeps } from '../core/query-deps';

/** The public forms' routes that read or hand out; submissions are commands (the forms issue). */
export function formRoutes(deps: Pick<UserQueryDeps, 'formCsrf'>): EndpointRoute[] {
  return [
    /**
     * A fresh double-submit token for a form a visitor starts (decision 0016): in the answer for the
     * form's header, and in a cookie only the form endpoints receive. No session is started.
     */
    query('formsCsrfToken', async (ctx) => ({ csrfToken: deps.formCsrf.handOut(ctx) })),
  ];
}
