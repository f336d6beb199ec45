/** Longest slug the schemas accept (slugField: under 255 characters). */
const MAX_SLUG_LENGTH = 254;

/**
 * A slug suggested from a title: lower-case letters and digits joined by single hyphens, accents
 * dropped ("Über ons & wij" → "uber-ons-wij"), so it passes the contract's slug pattern as it is.
 */
export function suggestSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    // Combining marks left by the decomposition (the accents).
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
}

/**
 * The slug suggested from a title for a page under a parent: the parent's prefix (`expertise/`, see
 * childSlugPrefix) and the title's slug; empty while the title gives none.
 */
export function suggestChildSlug(title: string, prefix = ''): string {
  const slug = suggestSlug(title);
  return slug === '' ? '' : `${prefix}${slug}`.slice(0, MAX_SLUG_LENGTH).replace(/[-/]+$/, '');
}

/**
 * Whether the slug field still follows the title: it does until the user types a slug of their
 * own, and again when they empty it (or leave only the parent's prefix) or type exactly what the
 * title suggests.
 */
export function slugFollowsTitle(slug: string, previousTitle: string, prefix = ''): boolean {
  return slug === '' || slug === prefix || slug === suggestChildSlug(previousTitle, prefix);
}
