/**
 * The public forms' CSRF token (decision 0016). Cached pages carry an empty csrf-token meta element
 * (the same bytes for every visitor); when a visitor starts a form, `formCsrfToken()` asks the API
 * for a token (which also sets the double-submit cookie for the form endpoints), puts it in the
 * meta element and answers it, for the form to send as its X-CSRF-Token header. Calls while one is
 * under way share it; a token already in the element is used as it is.
 */

/** GET /api/cms/forms/csrf-token, written out: the endpoint table would bring yup into the bundle. */
export const FORM_CSRF_TOKEN_PATH = '/api/cms/forms/csrf-token';

let pending: Promise<string> | null = null;

function metaElement(doc: Document): HTMLMetaElement {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'csrf-token';
    doc.head.append(meta);
  }
  return meta;
}

async function fetchToken(doc: Document, fetchImpl: typeof fetch): Promise<string> {
  const response = await fetchImpl(FORM_CSRF_TOKEN_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' }, cache: 'no-store' });
  const body = (await response.json().catch(() => null)) as { data?: { csrfToken?: unknown } } | null;
  const token = body?.data?.csrfToken;
  if (!response.ok || typeof token !== 'string' || token === '') throw new Error(`the form token could not be fetched (${response.status})`);
  metaElement(doc).content = token;
  return token;
}

/**
 * The token for this page's forms: the one in the csrf-token meta element, or a fresh one fetched
 * and put there. `renew` fetches a fresh one (after a form endpoint refused the old one: it expired).
 */
export function formCsrfToken(options: { renew?: boolean; doc?: Document; fetchImpl?: typeof fetch } = {}): Promise<string> {
  const doc = options.doc ?? document;
  const present = metaElement(doc).content;
  if (present !== '' && !options.renew) return Promise.resolve(present);
  if (pending && !options.renew) return pending;
  const request = fetchToken(doc, options.fetchImpl ?? fetch).finally(() => {
    if (pending === request) pending = null;
  });
  pending = request;
  return request;
}
