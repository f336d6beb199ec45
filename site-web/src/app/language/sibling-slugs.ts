import type { SiblingSlug } from '@pagelog/contracts/pages/page';
import { isSitePath } from '../site-path';

/**
 * The public call for a page's published translations (GET /page/get-sibling-slugs/{pageID}), as
 * a path on the API's origin. Written out rather than taken from contracts' endpoint table: that
 * module carries every request schema (and yup) into the browser bundle.
 */
export function siblingSlugsPath(pageID: string): string {
  return `/api/cms/page/get-sibling-slugs/${encodeURIComponent(pageID)}`;
}

function isSiblingSlug(value: unknown): value is SiblingSlug {
  if (typeof value !== 'object' || value === null) return false;
  const sibling = value as Partial<SiblingSlug>;
  return (
    typeof sibling.pageID === 'string' &&
    typeof sibling.locale === 'string' &&
    sibling.locale !== '' &&
    typeof sibling.slug === 'string' &&
    typeof sibling.path === 'string' &&
    isSitePath(sibling.path)
  );
}

/**
 * The siblings in the `data` of a get-sibling-slugs reply, in the API's order (the site's locale
 * order), each locale once; anything that is not a sibling with a path on this site is left out.
 * Not a list at all: null.
 */
export function readSiblingSlugs(data: unknown): SiblingSlug[] | null {
  if (!Array.isArray(data)) return null;
  const byLocale = new Map<string, SiblingSlug>();
  for (const item of data) {
    if (!isSiblingSlug(item) || byLocale.has(item.locale)) continue;
    byLocale.set(item.locale, { pageID: item.pageID, locale: item.locale, slug: item.slug, path: item.path, title: typeof item.title === 'string' ? item.title : '' });
  }
  return [...byLocale.values()];
}
