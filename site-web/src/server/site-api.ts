import { ValidationError } from '@pagelog/contracts/domain-errors';
import { REQUEST_ID_HEADER, type Envelope, type ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { menuKinds, type PublicMenus } from '@pagelog/contracts/menus/menu';
import type { PublicNewsletterPopup } from '@pagelog/contracts/newsletter-popup/popup-settings';
import type { PublicPageCard, PublicPageList, PublicPageView, SiblingSlug } from '@pagelog/contracts/pages/page';
import type { SearchRequest, SearchResponse } from '@pagelog/contracts/search/search';
import type { PublicSettings } from '@pagelog/contracts/settings/site-settings';
import type { PageListQuery, PageLookup, SiteReads } from '@pagelog/contracts/site/site-reads';
import type { TagView } from '@pagelog/contracts/tags/tag';
import { readSiblingSlugs, siblingSlugsPath } from '../app/language/sibling-slugs';
import { isSitePath } from '../app/site-path';
import { asOfSiteReadNames, type AsOfSiteReadName, type AsOfView } from '@pagelog/contracts/time-travel/time-travel';

/** How many arguments each read takes: the traced reads add a request id, which is not sent. */
const readArity: Record<AsOfSiteReadName, number> = { pageBySlug: 1, siblings: 1, settings: 0, menus: 1, pageCards: 1, pageList: 1, search: 1, publicTag: 2, formTexts: 2, newsletterPopup: 1 };

/** The API could not be reached, answered 5xx, or answered something unreadable. */
export class ApiUnavailableError extends Error {
  override readonly name = 'ApiUnavailableError';
}

/** The site's reads with the id of the request that caused them, for following a visit through the logs. */
export interface TracedSiteReads extends SiteReads {
  pageBySlug(path: string, requestId?: string): Promise<PageLookup>;
  siblings(pageID: string, requestId?: string): Promise<SiblingSlug[] | null>;
  settings(requestId?: string): Promise<PublicSettings>;
  menus(locale: string, requestId?: string): Promise<PublicMenus>;
  pageCards(pageIDs: readonly string[], requestId?: string): Promise<PublicPageCard[]>;
  pageList(query: PageListQuery, requestId?: string): Promise<PublicPageList>;
  search(request: SearchRequest, requestId?: string): Promise<SearchResponse>;
  publicTag(locale: string, slug: string, requestId?: string): Promise<TagView | null>;
  formTexts?(form: string, locale: string, requestId?: string): Promise<{ intro: string; thankYou: string }>;
  newsletterPopup?(locale: string, requestId?: string): Promise<PublicNewsletterPopup | null>;
  scoped?(): TracedSiteReads;
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

function isPublicPopup(value: unknown): value is PublicNewsletterPopup {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Partial<PublicNewsletterPopup>;
  const texts = [p.locale, p.title, p.intro, p.buttonText, p.thankYou, p.showOn].every((t) => typeof t === 'string');
  const times = [p.delaySeconds, p.hiddenAfterAcceptSeconds, p.hiddenAfterDeclineSeconds].every((t) => typeof t === 'number' && Number.isFinite(t));
  return typeof p.enabled === 'boolean' && texts && times && Array.isArray(p.paths) && p.paths.every((path) => typeof path === 'string');
}

function isPageCard(value: unknown): value is PublicPageCard {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Partial<PublicPageCard>;
  return typeof card.pageID === 'string' && typeof card.path === 'string' && typeof card.title === 'string' && typeof card.locale === 'string';
}

function isSearchResponse(value: unknown): value is SearchResponse {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<SearchResponse>;
  const facets = answer.facets as Partial<SearchResponse['facets']> | undefined;
  return (
    typeof answer.total === 'number' &&
    Array.isArray(answer.results) &&
    answer.results.every((r) => typeof r?.title === 'string' && typeof r.path === 'string' && typeof r.pageType === 'string' && Array.isArray(r.snippet)) &&
    Array.isArray(facets?.pageTypes) &&
    Array.isArray(facets.locales) &&
    Array.isArray(facets.tags)
  );
}

/** A public tag as tags/public answers it: only a public one is ever shown. */
function isPublicTag(value: unknown): value is TagView {
  if (typeof value !== 'object' || value === null) return false;
  const tag = value as Partial<TagView>;
  return typeof tag.id === 'string' && typeof tag.name === 'string' && typeof tag.slug === 'string' && typeof tag.locale === 'string' && tag.visibility === 'public';
}

function isErrorItem(value: unknown): value is ErrorItem {
  return typeof value === 'object' && value !== null && typeof (value as ErrorItem).code === 'string';
}

/**
 * The site's reads over HTTP (the distributed mode; spec section 7: get-by-slug-query,
 * get-sibling-slugs, settings/get, menu/get-public). No call carries anything of the visitor (no cookie): the
 * answers are the same for everyone, so the site can keep them, and the API starts no session.
 */
export function httpSiteReads({ apiUrl, timeoutMs }: { apiUrl: string; timeoutMs: number }): TracedSiteReads {
  const base = apiUrl.replace(/\/+$/, '');

  async function get(path: string, requestId: string | undefined): Promise<Response> {
    const url = `${base}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
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

  /** A POST of JSON that reads something (no CSRF token: the API answers these reads to anyone). */
  async function post(path: string, body: unknown, requestId: string | undefined): Promise<Response> {
    const url = `${base}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new ApiUnavailableError(`POST ${url} failed`, { cause });
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ApiUnavailableError(`POST ${url} answered ${response.status}`);
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

  /** The site's reads as of a time-travel token's moment: each one a POST of its name and arguments. */
  function readsAsOf(token: string): TracedSiteReads {
    const call = (read: AsOfSiteReadName) => async (...args: unknown[]) => {
      const response = await post('/api/cms/time-travel/site-read', { token, read, args: args.slice(0, readArity[read]) }, undefined);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`time-travel/site-read ${read} answered ${response.status}`);
      }
      return (await readEnvelope<{ value: unknown }>(response)).data?.value ?? null;
    };
    return Object.fromEntries(asOfSiteReadNames.map((name) => [name, call(name)])) as unknown as TracedSiteReads;
  }

  return {
    async asOf(token) {
      const response = await post('/api/cms/time-travel/open', { token }, undefined);
      // Refused (not signed by the API, or expired): the link is no good. Anything else is the
      // API's trouble, not the link's: the visitor gets the 503 page, and keeps the link.
      if (response.status === 400) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`time-travel/open answered ${response.status}`);
      }
      const view = (await readEnvelope<AsOfView>(response)).data;
      if (!view || typeof view.position !== 'number' || typeof view.expiresAt !== 'string') throw new ApiUnavailableError('time-travel/open answered without a moment');
      return { view, reads: readsAsOf(token) };
    },

    async preview(token) {
      const response = await post('/api/cms/page/preview/open', { token }, undefined);
      if (response.status !== 200) {
        // Not sealed by the API, or expired.
        await response.body?.cancel();
        return null;
      }
      const page = (await readEnvelope<{ page: unknown }>(response)).data?.page;
      if (!isPublicPageView(page)) throw new ApiUnavailableError('page/preview/open answered without a page');
      return page;
    },

    async pageCards(pageIDs, requestId?: string) {
      if (pageIDs.length === 0) return [];
      const response = await post('/api/cms/page/public-cards', { pageIDs }, requestId);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`page/public-cards answered ${response.status}`);
      }
      const cards = (await readEnvelope<unknown>(response)).data;
      if (!Array.isArray(cards) || !cards.every(isPageCard)) throw new ApiUnavailableError('page/public-cards answered without cards');
      return cards;
    },

    async pageList(query, requestId?: string) {
      const response = await post('/api/cms/page/public-list', query, requestId);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`page/public-list answered ${response.status}`);
      }
      const list = (await readEnvelope<Partial<PublicPageList>>(response)).data;
      if (typeof list?.total !== 'number' || !Array.isArray(list.items) || !list.items.every(isPageCard)) {
        throw new ApiUnavailableError('page/public-list answered without a list');
      }
      return { total: list.total, items: list.items };
    },

    async search(request, requestId?: string) {
      const response = await post('/api/cms/search/search', request, requestId);
      if (response.status === 400 || response.status === 413 || response.status === 422) {
        // Refused as asked (a term too long): the visitor is told, as in the embedded mode.
        let items: unknown;
        try {
          items = (await readEnvelope<unknown>(response)).Errors;
        } catch {
          items = undefined;
        }
        throw new ValidationError(Array.isArray(items) && items.length > 0 && items.every(isErrorItem) ? items : [errorItem('V_12', 'body', 'search')]);
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`search/search answered ${response.status}`);
      }
      const answer = (await readEnvelope<unknown>(response)).data;
      if (!isSearchResponse(answer)) throw new ApiUnavailableError('search/search answered without results');
      return answer;
    },

    async publicTag(locale, slug, requestId) {
      const response = await get(`/api/cms/tags/public?locale=${encodeURIComponent(locale)}&slug=${encodeURIComponent(slug)}`, requestId);
      if (response.status !== 200) {
        // 404: no such public tag on a published page; any other 4xx (a slug the API refuses) names none either.
        await response.body?.cancel();
        return null;
      }
      const tag = (await readEnvelope<unknown>(response)).data;
      if (!isPublicTag(tag)) throw new ApiUnavailableError('tags/public answered without a public tag');
      return tag;
    },

    async formTexts(form, locale, requestId) {
      const response = await get(`/api/cms/forms/public-settings/${encodeURIComponent(form)}/${encodeURIComponent(locale)}`, requestId);
      const data = (await readEnvelope<{ intro?: unknown; thankYou?: unknown }>(response)).data;
      if (response.status !== 200 || typeof data?.intro !== 'string' || typeof data.thankYou !== 'string') throw new ApiUnavailableError(`forms/public-settings answered ${response.status}`);
      return { intro: data.intro, thankYou: data.thankYou };
    },

    async newsletterPopup(locale, requestId) {
      const response = await get(`/api/cms/newsletter-popup/public/${encodeURIComponent(locale)}`, requestId);
      if (response.status === 404) {
        // No popup for the locale, or an API without the module: the page is shown (and kept) without one.
        await response.body?.cancel();
        return null;
      }
      const data = (await readEnvelope<Partial<PublicNewsletterPopup>>(response)).data;
      if (response.status !== 200 || !isPublicPopup(data)) throw new ApiUnavailableError(`newsletter-popup/public answered ${response.status}`);
      return data;
    },

    async pageBySlug(path, requestId) {
      const response = await get(`/api/cms/page/get-by-slug-query?slug=${encodeURIComponent(path)}`, requestId);
      if (response.status === 301 || response.status === 308) {
        // The old path of a page that moved: the body names the new path, so does Location.
        let named: unknown;
        try {
          named = (await readEnvelope<{ redirect?: unknown }>(response)).data?.redirect;
        } catch {
          named = undefined;
        }
        const location = [named, response.headers.get('location')].find(isSitePath);
        if (location === undefined) throw new ApiUnavailableError(`get-by-slug-query answered ${response.status} without a path on this site`);
        return { kind: 'redirect', location };
      }
      if (response.status !== 200 && response.status !== 404) {
        // Any other 4xx (a malformed slug, say) means there is nothing to show for this path.
        await response.body?.cancel();
        return { kind: 'not-found', page: null };
      }
      const envelope = await readEnvelope<{ page: unknown }>(response);
      const page = envelope.data?.page ?? null;
      if (page !== null && !isPublicPageView(page)) {
        throw new ApiUnavailableError(`get-by-slug-query answered ${response.status} with an unreadable page`);
      }
      if (response.status === 200 && page !== null) return { kind: 'page', page };
      return { kind: 'not-found', page };
    },

    async settings(requestId) {
      const response = await get('/api/cms/settings/get', requestId);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`settings/get answered ${response.status}`);
      }
      const settings = (await readEnvelope<PublicSettings>(response)).data;
      if (typeof settings?.defaultLocale !== 'string' || typeof settings.site?.name !== 'string') {
        throw new ApiUnavailableError('settings/get answered without a defaultLocale or the site');
      }
      return settings;
    },

    async menus(locale, requestId) {
      const response = await get(`/api/cms/menu/get-public?locale=${encodeURIComponent(locale)}`, requestId);
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`menu/get-public answered ${response.status}`);
      }
      const menus = (await readEnvelope<PublicMenus>(response)).data;
      if (typeof menus !== 'object' || menus === null || !menuKinds.every((kind) => Array.isArray(menus[kind]))) {
        throw new ApiUnavailableError('menu/get-public answered without the menus');
      }
      return menus;
    },

    async siblings(pageID, requestId) {
      const response = await get(siblingSlugsPath(pageID), requestId);
      // A 404 too: the page was found a moment ago, so it is worth a line in the log (and the page
      // is not kept without its switcher).
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new ApiUnavailableError(`get-sibling-slugs answered ${response.status}`);
      }
      const siblings = readSiblingSlugs((await readEnvelope<unknown>(response)).data);
      if (siblings === null) throw new ApiUnavailableError('get-sibling-slugs answered without a list');
      return siblings;
    },
  };
}
