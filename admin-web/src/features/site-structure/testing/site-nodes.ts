import { arrangeSiteTree, type SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import type { PublicationStatus } from '@pagelog/contracts/pages/page';

/** Nodes as POST /page/site-structure answers them, from (slug, title[, status]) triples, for specs. */
export function siteNodes(pages: [slug: string, title: string, status?: PublicationStatus][]): SiteStructureNode[] {
  return arrangeSiteTree(
    pages.map(([slug, title, status = 'concept']) => ({
      pageID: `id-${slug}`,
      slug,
      title,
      path: slug === 'home' ? '/' : `/${slug}`,
      type: 'base',
      status,
      hasPublicationRequest: false,
    })),
  );
}
