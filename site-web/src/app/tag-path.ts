import type { Locale } from '@pagelog/contracts/locales';
import { parsePublicPath } from '@pagelog/contracts/slugs';
import { tagPagePath } from '@pagelog/contracts/tags/tag';

/** The first segment of a tag page's slug, the same in every language (`/tag/<slug>`, `/en-gb/tag/<slug>`). */
const TAG_SEGMENT = 'tag';

/**
 * The address of a tag's page (issue 15): `/tag/<slug>` in the default locale, `/<locale>/tag/<slug>`
 * otherwise (contracts' tagPagePath), the slug percent-encoded, as a tag's slug keeps the letters of
 * any script. Every link to a tag page and the site's route ask here.
 */
export function tagPath(locale: string, slug: string, defaultLocale: string): string {
  return tagPagePath(locale, encodeURIComponent(slug), defaultLocale);
}

/**
 * The tag page a path asks for: its locale and the tag's slug (decoded, lower case), or null when
 * the path is not a tag page's (`/tag` alone, `/tag/a/b`). Whether there is such a tag is the
 * tags' to say; a path that names none is an ordinary page's path.
 */
export function tagPageAddress(path: string, defaultLocale: Locale): { locale: Locale; slug: string } | null {
  const { locale, slug } = parsePublicPath(path, defaultLocale);
  const segments = slug.split('/');
  return segments.length === 2 && segments[0] === TAG_SEGMENT && segments[1] !== '' ? { locale, slug: segments[1]! } : null;
}

/** Whether a path could be a tag page's whatever the default locale: decided without the settings, so other paths go on unread. */
export function mayBeTagPagePath(path: string): boolean {
  // The tag segment does not depend on the default locale; any will do to parse the path.
  return tagPageAddress(path, 'en') !== null;
}
