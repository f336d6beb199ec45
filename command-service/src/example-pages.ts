import type { Locale } from '@pagelog/contracts/locales';
import { NOT_FOUND_SLUG, publicPath } from '@pagelog/contracts/slugs';
import type { ExamplePage, ExamplePageKey, PathTo } from './example-site/parts';
import { englishPages } from './example-site/pages-en';
import { dutchPages } from './example-site/pages-nl';

/**
 * The example site seeded on a first start: a small research and advisory firm, in Dutch and in
 * English, so that a newcomer sees what Pagelog makes. Its pages link to each other by their
 * public paths, which depend on the default locale, so their blocks are written as functions of
 * a path finder.
 */

export { exampleContact, type ExamplePage, type ExamplePageKey, type PathTo } from './example-site/parts';

/** The example site: every page in Dutch and in English, parents before the pages under them. */
export const examplePages: readonly ExamplePage[] = [...dutchPages, ...englishPages];

/** The public paths of the example pages of a locale, by key (the seed's links resolve through it). */
export function examplePathsFor(locale: Locale, defaultLocale: Locale): PathTo {
  return (key) => {
    const page = examplePages.find((candidate) => candidate.key === key && candidate.locale === locale);
    if (page === undefined) throw new Error(`The example site has no page ${key} in ${locale}`);
    return publicPath(page.locale, page.slug, defaultLocale);
  };
}

/** An address of the example site a visitor can open, and what it should answer. */
export interface ExampleAddress {
  key: ExamplePageKey;
  locale: Locale;
  path: string;
  status: 200 | 404;
}

/**
 * Every page of the example site as a visitor reaches it, for the tests that visit them all: the
 * public path of each page, and for each 404 page an address that has no page (the 404 page's
 * own path is not one a visitor is sent to).
 */
export function exampleAddresses(availableLocales: readonly Locale[], defaultLocale: Locale): ExampleAddress[] {
  return examplePages
    .filter((page) => availableLocales.includes(page.locale))
    .map((page) =>
      page.slug === NOT_FOUND_SLUG
        ? { key: page.key, locale: page.locale, path: publicPath(page.locale, page.locale.startsWith('nl') ? 'deze-pagina-bestaat-niet' : 'this-page-does-not-exist', defaultLocale), status: 404 }
        : { key: page.key, locale: page.locale, path: publicPath(page.locale, page.slug, defaultLocale), status: 200 },
    );
}
