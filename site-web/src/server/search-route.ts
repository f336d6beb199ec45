import type { Middleware } from 'koa';
import { mayBeSearchPath, searchPageLocale } from '../app/search-path';
import { parseSearchQuery } from '../app/search/search-query';
import type { SearchAnswer, SearchRenderInput } from './search-render';
import type { TracedSiteReads } from './site-api';

/**
 * Search results are never kept, here or by a CDN, though they are the same for every visitor:
 * they change with every publication (the index takes a change in within a second, and no
 * invalidation names searches), and the terms people type are endless, so kept answers would be
 * one-offs that push the pages out of the render cache. The browser may keep one for the back
 * button but asks again before using it otherwise.
 */
export const SEARCH_CACHE_CONTROL = 'private, no-cache';

export interface SearchRouteDependencies {
  reads: TracedSiteReads;
  render: (input: SearchRenderInput, requestId: string) => Promise<SearchAnswer>;
}

/**
 * The search results page of each locale (`/zoeken`, `/en-gb/search`; app/search-path.ts) with
 * its query (`?q=term&type=article&tag=id&page=2`), rendered for every request, past the render
 * cache. Any other path goes on to the pages, without a read: only a path that could be a search
 * page reads the settings to be sure (`/search` is an ordinary page where Dutch is the default).
 */
export function searchRoute({ reads, render }: SearchRouteDependencies): Middleware {
  return async (ctx, next) => {
    if (!mayBeSearchPath(ctx.path)) return next();
    const requestId = String(ctx.state.requestId);
    const settings = await reads.settings(requestId);
    const locale = searchPageLocale(ctx.path, settings.defaultLocale);
    // A locale the site does not offer has no search page: the pages' route answers 404.
    if (locale === null || !settings.availableLocales.includes(locale)) return next();
    const answer = await render({ locale, settings, query: parseSearchQuery(ctx.querystring) }, requestId);
    ctx.status = answer.status;
    ctx.type = 'html';
    ctx.set('Cache-Control', SEARCH_CACHE_CONTROL);
    ctx.set('Content-Language', answer.contentLanguage);
    ctx.body = answer.html;
  };
}
