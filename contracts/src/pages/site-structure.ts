import { HOME_SLUG } from '../slugs';
import type { PublicationStatus } from './page';

/**
 * The site structure (spec section 2, the page overview's submenu): the pages of one locale as a
 * tree by their slugs. `expertise/energie` hangs under `expertise`; a page whose parent path has no
 * page hangs under the nearest ancestor path that has one; the home page is the root of the rest
 * (its public path is `/`, the ancestor of every other path), and without a home page the pages
 * with no ancestor are the top level.
 */

/** One page in the site structure: what the tree shows and what its actions need. */
export interface SiteStructureNode {
  pageID: string;
  title: string;
  slug: string;
  /** The public path it has, or would have once published. */
  path: string;
  type: string;
  status: PublicationStatus;
  hasPublicationRequest: boolean;
  /** The page it hangs under; null at the top. */
  parentID: string | null;
  hasChildren: boolean;
  /** 0 at the top. */
  depth: number;
}

/** POST /page/site-structure: every page of the locale, depth first (a parent before its children, siblings by title). */
export interface SiteStructure {
  locale: string;
  nodes: SiteStructureNode[];
}

/** The slugs above a slug by path, the nearest last: `a/b/c` → `['a', 'a/b']`. */
export function ancestorSlugs(slug: string): string[] {
  const segments = slug.split('/');
  return segments.slice(1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** The last segment of a slug: `a/b/c` → `c`. */
export function lastSegment(slug: string): string {
  return slug.slice(slug.lastIndexOf('/') + 1);
}

/**
 * The slug that puts a page (or a new one) under a parent: the parent's slug and the page's last
 * segment. Under the home page, or with no parent, the page goes to the top level.
 */
export function slugUnder(slug: string, parentSlug: string | null): string {
  const leaf = lastSegment(slug);
  return parentSlug === null || parentSlug === HOME_SLUG ? leaf : `${parentSlug}/${leaf}`;
}

/** What a child of the page with this slug starts its slug with: '' for the home page. */
export function childSlugPrefix(parentSlug: string): string {
  return parentSlug === HOME_SLUG ? '' : `${parentSlug}/`;
}

/**
 * The slug of the page a slug hangs under, among the slugs that have a page: the nearest ancestor
 * by path, else the home page (for any page but the home page itself), else none.
 */
export function parentSlugOf(slug: string, hasPage: (slug: string) => boolean): string | null {
  if (slug === HOME_SLUG) return null;
  const ancestors = ancestorSlugs(slug);
  for (let i = ancestors.length - 1; i >= 0; i -= 1) {
    if (hasPage(ancestors[i]!)) return ancestors[i]!;
  }
  return hasPage(HOME_SLUG) ? HOME_SLUG : null;
}

export interface TreePage {
  pageID: string;
  slug: string;
  title: string;
}

const byTitle = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Arranges the pages of one locale (slugs unique, as they are per locale) as the site structure:
 * each with its parent, depth and whether it has children, depth first, siblings by title (then
 * slug). Linear in the number of pages, apart from sorting the siblings.
 */
export function arrangeSiteTree<T extends TreePage>(pages: readonly T[]): (T & Pick<SiteStructureNode, 'parentID' | 'hasChildren' | 'depth'>)[] {
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const children = new Map<string | null, T[]>();
  for (const page of pages) {
    const parentSlug = parentSlugOf(page.slug, (slug) => bySlug.has(slug));
    const parentID = parentSlug === null ? null : bySlug.get(parentSlug)!.pageID;
    const siblings = children.get(parentID);
    if (siblings) siblings.push(page);
    else children.set(parentID, [page]);
  }
  for (const siblings of children.values()) {
    siblings.sort((a, b) => byTitle.compare(a.title, b.title) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  }
  const arranged: (T & Pick<SiteStructureNode, 'parentID' | 'hasChildren' | 'depth'>)[] = [];
  // Depth first without recursion, so a deep tree cannot overflow the stack.
  const stack: { page: T; parentID: string | null; depth: number }[] = (children.get(null) ?? []).map((page) => ({ page, parentID: null, depth: 0 })).reverse();
  while (stack.length > 0) {
    const { page, parentID, depth } = stack.pop()!;
    const below = children.get(page.pageID) ?? [];
    arranged.push({ ...page, parentID, hasChildren: below.length > 0, depth });
    for (let i = below.length - 1; i >= 0; i -= 1) stack.push({ page: below[i]!, parentID: page.pageID, depth: depth + 1 });
  }
  return arranged;
}
