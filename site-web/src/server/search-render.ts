import { ValidationError } from '@pagelog/contracts/domain-errors';
import type { Locale } from '@pagelog/contracts/locales';
import type { PublicSettings } from '@pagelog/contracts/settings/site-settings';
import type { PageState } from '../app/page-state';
import { searchPath } from '../app/search-path';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '../app/search/search-query';
import { searchTexts } from '../app/search/search-texts';
import type { SearchOutcome } from '../app/search/search-view';
import { buildHead } from './build-head';
import type { PageRenderDependencies } from './page-render';
import { readChrome } from './read-chrome';
import { renderDocument } from './render-document';
import type { TracedSiteReads } from './site-api';
import type { SiteLogger } from './site-logger';

export interface SearchRenderInput {
  /** The locale of the search results page asked for: the only one searched. */
  locale: Locale;
  settings: PublicSettings;
  query: SearchQuery;
}

export interface SearchAnswer {
  /** 200; 400 when the API refused the search; 503 when it could not be done. */
  status: number;
  html: string;
  contentLanguage: string;
}

/** Searches as the query asks; a refusal or a failure becomes what the page says instead of an error page. */
async function outcomeOf(reads: TracedSiteReads, { locale, query }: SearchRenderInput, requestId: string, logger: SiteLogger): Promise<SearchOutcome> {
  // No words and no filter: the form alone. Filters alone (a topic's link, `?tag=<id>`) list their pages, newest first.
  if (query.term === '' && query.pageTypes.length === 0 && query.tags.length === 0) return { kind: 'form' };
  try {
    const response = await reads.search(
      { term: query.term, locales: [locale], pageTypes: query.pageTypes, tags: query.tags, count: SEARCH_PAGE_SIZE, offset: (query.page - 1) * SEARCH_PAGE_SIZE },
      requestId,
    );
    return { kind: 'results', response };
  } catch (err) {
    if (err instanceof ValidationError) return { kind: 'rejected', tooLong: err.items.some((item) => item.code === 'V_14') };
    logger.error({ err, requestId, locale }, 'the search could not be done; the page says so');
    return { kind: 'unavailable' };
  }
}

const statusOf: Record<SearchOutcome['kind'], number> = { form: 200, results: 200, rejected: 400, unavailable: 503 };

/**
 * Renders the search results page of a locale (issue 15) in the site's layout: the header, the
 * page's own form with the term, what the search found, the footer; `noindex`, titled
 * "Zoeken: term – Site". Nothing of it is kept (search-route.ts says why).
 */
export function searchRender({ reads: source, clientAssets, publicUrl, logger, asOf }: PageRenderDependencies): (input: SearchRenderInput, requestId: string) => Promise<SearchAnswer> {
  return async (input, requestId) => {
    const reads = source.scoped?.() ?? source;
    const { locale, settings, query } = input;
    const { defaultLocale } = settings;
    const [outcome, { chrome }] = await Promise.all([outcomeOf(reads, input, requestId, logger), readChrome({ reads, settings, locale, requestId, logger })]);
    const state: PageState = {
      ...(asOf ? { asOf } : {}),
      page: null,
      status: statusOf[outcome.kind],
      siteName: settings.site.name,
      defaultLocale,
      locale,
      siblings: null,
      ...(chrome ? { chrome } : {}),
      search: { path: searchPath(locale, defaultLocale), query, outcome },
    };
    const head = buildHead({
      page: null,
      siteName: settings.site.name,
      publicUrl,
      defaultLocale,
      locale,
      siblings: [],
      defaultSeoImage: settings.site.defaultSeoImage,
      documentTitle: searchTexts(locale).documentTitle(query.term, settings.site.name),
    });
    return { status: state.status, html: renderDocument({ state, head, assets: clientAssets() }), contentLanguage: locale };
  };
}
