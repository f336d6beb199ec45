import { interfaceLanguage, type Locale } from '@pagelog/contracts/locales';
import { parsePublicPath, publicPath } from '@pagelog/contracts/slugs';

/** The search results page's slug: Dutch, the site's main language, has its own word; every other language has the English one. */
function searchSlugOf(locale: string): string {
  return interfaceLanguage(locale) === 'nl' ? 'zoeken' : 'search';
}

const searchSlugs = new Set(['zoeken', 'search']);

/**
 * Where a locale's search results are (issue 15): `/zoeken` when Dutch is the default locale,
 * `/search` when another one is, and `/{locale}/search` (`/nl-nl/zoeken` for Dutch) for the
 * other locales. The header's field, the search box block and the site's route all ask here.
 */
export function searchPath(locale: string, defaultLocale: string): string {
  return publicPath(locale, searchSlugOf(locale), defaultLocale);
}

/**
 * The locale whose search results page a path is (`/en-gb/search` → en-gb), or null when it is
 * not one: `/search` on a site whose default is Dutch is an ordinary page's path.
 */
export function searchPageLocale(path: string, defaultLocale: Locale): Locale | null {
  const { locale, slug } = parsePublicPath(path, defaultLocale);
  return slug === searchSlugOf(locale) ? locale : null;
}

/**
 * Whether a path could be a search results page whatever the default locale: true for far fewer
 * paths than searchPageLocale would confirm, so a page's path is told apart without reading the
 * settings.
 */
export function mayBeSearchPath(path: string): boolean {
  // The slug does not depend on the default locale; any will do to parse it.
  return searchSlugs.has(parsePublicPath(path, 'en').slug);
}
