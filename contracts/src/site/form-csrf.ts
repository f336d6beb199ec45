import { API_BASE } from '../endpoints';

/**
 * CSRF protection of the public site's forms (decision 0016): no session, nothing in the cached
 * page. A form asks `GET /api/cms/forms/csrf-token` when a visitor starts it; the answer carries a
 * fresh signed token and sets it as a cookie that only the form endpoints receive. A form endpoint
 * (`csrf: 'double-submit'` in the endpoint table) accepts a submission only when the X-CSRF-Token
 * header holds the same token as the cookie, and the token's signature and age are good.
 */

/** Every form endpoint lives below this path, and only there is the cookie sent. */
export const FORMS_PATH = `${API_BASE}/forms`;
/** The double-submit cookie. */
export const FORM_CSRF_COOKIE = 'pagelog_form_csrf';
/** How long a token is accepted after it was handed out: long enough to fill in a long form. */
export const FORM_CSRF_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

/** The answer of GET /api/cms/forms/csrf-token. */
export interface FormCsrfToken {
  csrfToken: string;
}
