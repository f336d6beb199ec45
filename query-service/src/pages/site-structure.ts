import type { PageDoc } from '@pagelog/contracts/pages/page-docs';
import { arrangeSiteTree, type SiteStructure } from '@pagelog/contracts/pages/site-structure';
import { readModels } from '@pagelog/contracts/read-models';
import { publicPath } from '@pagelog/contracts/slugs';
import type { QueryDeps } from '../core/query-deps';

/**
 * The pages of a locale as the site structure: one read of the locale's pages (the locale is an
 * index of the pages read model), arranged in memory. No per-page reads: names of people are not
 * shown, so none are resolved.
 */
export async function siteStructureOf(deps: QueryDeps, locale: string, defaultLocale: string): Promise<SiteStructure> {
  const docs = await deps.readModels.find<PageDoc>(readModels.pages.collection, { where: { locale } });
  const nodes = arrangeSiteTree(
    docs.map((doc) => ({
      pageID: doc.id,
      title: doc.title,
      slug: doc.slug,
      path: publicPath(doc.locale, doc.slug, defaultLocale),
      type: doc.type,
      status: doc.status,
      hasPublicationRequest: doc.hasPublicationRequest ?? false,
    })),
  );
  return { locale, nodes };
}
