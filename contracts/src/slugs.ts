import { isLocale, type Locale } from './locales';

/** The slug of a locale's home page; its public path is the locale root. */
export const HOME_SLUG = 'home';
/** The slug of the page shown (with status 404) when no page has the requested slug. */
export const NOT_FOUND_SLUG = '404';

/** Lower-case segments of letters, digits and hyphens, joined by "/" (no leading or trailing slash). */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export function isValidSlug(slug: string): boolean {
  return slug.length <= 254 && slugPattern.test(slug);
}

/** Trims slashes and white space; the result is what a page stores. */
export function normaliseSlug(slug: string): string {
  return slug.trim().replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/');
}

/**
 * Reads a public path such as `/en-gb/about/team` or `/over-ons`: a first segment that is a
 * known locale selects it, otherwise the default locale applies. The root selects the home page.
 */
export function parsePublicPath(path: string, defaultLocale: Locale): { locale: Locale; slug: string } {
  let clean: string;
  try {
    clean = decodeURIComponent(path.split('?')[0] ?? '');
  } catch {
    clean = path;
  }
  const segments = normaliseSlug(clean).split('/').filter(Boolean).map((s) => s.toLowerCase());
  let locale: Locale = defaultLocale;
  if (segments.length > 0 && isLocale(segments[0])) locale = segments.shift() as Locale;
  return { locale, slug: segments.length === 0 ? HOME_SLUG : segments.join('/') };
}

/** The public path of a page: root path for the default locale, `/{locale}/{slug}` otherwise. */
export function publicPath(locale: string, slug: string, defaultLocale: string): string {
  const rest = slug === HOME_SLUG ? '' : `/${slug}`;
  if (locale === defaultLocale) return rest === '' ? '/' : rest;
  return `/${locale}${rest}`;
}
