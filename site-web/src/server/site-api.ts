import { REQUEST_ID_HEADER, type Envelope } from '@pagelog/contracts/envelope';
import type { Settings } from '@pagelog/contracts/locales';
import type { PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import { readSiblingSlugs, siblingSlugsPath } from '../app/language/sibling-slugs';
import { isSitePath } from '../app/site-path';

/** The API could not be reached, answered 5xx, or answered something unreadable. */
export class ApiUnavailableError extends Error {
  override readonly name = 'ApiUnavailableError';
}

/** What every call passes on from the visitor's request. */
export interface ApiCall {
  requestId: string;
  /** The visitor's Cookie header, if any. */
  cookie?: string;
}

export interface PageReply {
  /** The API's status: 200 for a published page, 301 for a moved one, 404 otherwise. */
  status: number;
  page: PublicPageView | null;
  /** For a page that moved (301): the path on this site it is at now; null otherwise. */
  redirect: string | null;
  /** The API's X-CSRF-Token header, empty when none. */
  csrfToken: string;
  /** Every Set-Cookie header of the reply, to be passed on to the visitor. */
  setCookies: string[];
}

/** The session check's answer: this visitor's CSRF token and any new session cookie. */
export interface SessionReply {
  csrfToken: string;
  setCookies: string[];
}

export interface SiteApi {
  /**
   * The session check (POST auth/user): starts an anonymous session when the visitor has none,
   * so forms on the public site can send the CSRF token from the csrf-token meta element.
   */
  session(call: ApiCall): Promise<SessionReply>;
  /** The published page for a path as the visitor typed it, e.g. `/en-gb/about/team`. */
  getPageBySlug(path: string, call: ApiCall): Promise<PageReply>;
  getSettings(call: ApiCall): Promise<Settings>;
  /**
   * The published pages of a page's translation group, the page itself included (for the
   * language switcher). Throws when they cannot be read; the page can be shown without them.
   */
  getSiblings(pageID: string, call: ApiCall): Promise<SiblingSlug[]>;
}

function isPublicPageView(value: unknown): value is PublicPageView {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<PublicPageView>;
  return (
    typeof page.slug === 'string' &&
    typeof page.locale === 'string' &&
    typeof page.pageVersion === 'object' &&
    page.pageVersion !== null &&
    Array.isArray(page.pageVersion.blocks)
  );
}

/** The read calls of the public site, over HTTP (spec section 7, get-by-slug-query and settings/get). */
export function createSiteApi({ apiUrl, timeoutMs }: { apiUrl: string; timeoutMs: number }): SiteApi {
  const base = apiUrl.replace(/\/+$/, '');

  async function get(path: string, call: ApiCall): Promise<Response> {
    const url = `${base}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json', [REQUEST_ID_HEADER]: call.requestId };
    if (call.cookie) headers.Cookie = call.cookie;
    let response: Response;
    try {
      response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new ApiUnavailableError(`GET ${url} failed`, { cause });
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ApiUnavailableError(`GET ${url} answered ${response.status}`);
    }
    return response;
  }

  async function readEnvelope<T>(response: Response): Promise<Partial<Envelope<T>>> {
    try {
      const body: unknown = await response.json();
      return typeof body === 'object' && body !== null ? (body as Partial<Envelope<T>>) : {};
    } catch (cause) {
      throw new ApiUnavailableError(`${response.url} answered ${response.status} without JSON`, { cause });
    }
  }

  return {
    async session(call) {
      const headers: Record<string, string> = { Accept: 'application/json', [REQUEST_ID_HEADER]: call.requestId };
      if (call.cookie) headers.Cookie = call.cookie;
      try {
        const response = await fetch(`${base}/api/cms/auth/user`, { method: 'POST', headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        if (response.status !== 200) return { csrfToken: '', setCookies: [] };
        return { csrfToken: response.headers.get('x-csrf-token') ?? '', setCookies: response.headers.getSetCookie() };
      } catch {
        // The page can still be shown; only its forms would lack a token.
        return { csrfToken: '', setCookies: [] };
      }
    },

    async getPageBySlug(path, call) {
      const response = await get(`/api/cms/page/get-by-slug-query?slug=${encodeURIComponent(path)}`, call);
      const reply = {
        status: response.status,
        csrfToken: response.headers.get('x-csrf-token') ?? '',
        setCookies: response.headers.getSetCookie(),
        redirect: null,
      };
      if (response.status === 301 || response.status === 308) {
        // The old path of a page that moved: the body names the new path, so does Location.
        let named: unknown;
        try {
          named = (await readEnvelope<{ redirect?: unknown }>(response)).data?.redirect;
        } catch {
          named = undefined;
        }
        const redirect = [named, response.headers.get('location')].find(isSitePath);
        if (redirect === undefined) throw new ApiUnavailableError(`get-by-slug-query answered ${response.status} without a path on this site`);
        return { ...reply, page: null, redirect };
      }
      if (response.status !== 200 && response.status !== 404) {
        // Any other 4xx (a malformed slug, say) means there is nothing to show for this path.
        await response.body?.cancel();
        return { ...reply, page: null };
      }
      const envelope = await readEnvelope<{ page: unknown }>(response);
      const page = envelope.data?.page ?? null;
      if (page !== null && !isPublicPageView(page)) {
        throw new ApiUnavailableError(`get-by-slug-query answered ${response.status} with an unreadable page`);
      }
      return { ...reply, page };
    },

    async getSettings(call) {
      const response = await get('/api/cms/settings/get', call);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`settings/get answered ${response.status}`);
      }
      const settings = (await readEnvelope<Settings>(response)).data;
      if (typeof settings?.defaultLocale !== 'string') {
        throw new ApiUnavailableError('settings/get answered without a defaultLocale');
      }
      return settings;
    },

    async getSiblings(pageID, call) {
      const response = await get(siblingSlugsPath(pageID), call);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`get-sibling-slugs answered ${response.status}`);
      }
      const siblings = readSiblingSlugs((await readEnvelope<unknown>(response)).data);
      if (siblings === null) throw new ApiUnavailableError('get-sibling-slugs answered without a list');
      return siblings;
    },
  };
}
