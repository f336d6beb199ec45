import type { PageBreadcrumb, PublicBreadcrumb } from '@pagelog/contracts/pages/page';
import type { PageDoc, PublishedDoc } from '@pagelog/contracts/pages/page-docs';
import { ancestorSlugs, lastSegment } from '@pagelog/contracts/pages/site-structure';
import { readModels } from '@pagelog/contracts/read-models';
import { HOME_SLUG, publicPath } from '@pagelog/contracts/slugs';
import type { QueryDeps } from '../core/query-deps';

/** The slugs above a page whose pages make its breadcrumbs: the home page first, then its path's ancestors. */
function crumbSlugs(slug: string): string[] {
  return slug === HOME_SLUG ? [] : [HOME_SLUG, ...ancestorSlugs(slug)];
}

/**
 * The documents of a collection at the given slugs of a locale, by slug. A page is a few levels
 * deep, so these are a few look-ups by (locale, slug) at once, each on the collection's indexes;
 * the store's find has no "slug in (...)" to make them one.
 */
async function docsAt<T extends { slug: string } & Record<string, unknown>>(deps: QueryDeps, collection: string, locale: string, slugs: string[]): Promise<Map<string, T>> {
  const found = await Promise.all(slugs.map((slug) => deps.readModels.find<T>(collection, { where: { locale, slug }, limit: 1 })));
  return new Map(found.flatMap((docs) => docs.slice(0, 1)).map((doc) => [doc.slug, doc]));
}

/**
 * The public breadcrumbs of a published page: the published pages above it by path, the home page
 * first. Ancestor paths with no published page are left out.
 */
export async function publicBreadcrumbs(deps: QueryDeps, page: { locale: string; slug: string }, defaultLocale: string): Promise<PublicBreadcrumb[]> {
  const slugs = crumbSlugs(page.slug);
  if (slugs.length === 0) return [];
  const docs = await docsAt<PublishedDoc>(deps, readModels.publicPages.collection, page.locale, slugs);
  return slugs.flatMap((slug) => {
    const doc = docs.get(slug);
    return doc ? [{ title: doc.pageVersion.title, path: publicPath(doc.locale, doc.slug, defaultLocale) }] : [];
  });
}

/**
 * The editor's breadcrumbs of a page: the home page (if there is one), then every ancestor path,
 * with the page there (any status) or, where none is, the path's last segment.
 */
export async function editorBreadcrumbs(deps: QueryDeps, page: { locale: string; slug: string }, defaultLocale: string): Promise<PageBreadcrumb[]> {
  const slugs = crumbSlugs(page.slug);
  if (slugs.length === 0) return [];
  const docs = await docsAt<PageDoc>(deps, readModels.pages.collection, page.locale, slugs);
  return slugs.flatMap((slug): PageBreadcrumb[] => {
    const doc = docs.get(slug);
    const path = publicPath(page.locale, slug, defaultLocale);
    if (doc) return [{ pageID: doc.id, title: doc.title, slug, path }];
    // No home page: nothing to show for the root.
    return slug === HOME_SLUG ? [] : [{ pageID: null, title: lastSegment(slug), slug, path }];
  });
}
