import { slugUnder, type SiteStructureNode } from '@pagelog/contracts/pages/site-structure';
import { HOME_SLUG, NOT_FOUND_SLUG } from '@pagelog/contracts/slugs';
import { descendantIds, type SiteTree } from './site-tree';

/** Why a page cannot go under a parent: the page itself, a page below it, or where it is already. */
export type MoveRefusal = 'self' | 'descendant' | 'unchanged';

/** The slug a page gets under a new parent (null: the top level), keeping its last segment. */
export function movedSlug(tree: SiteTree, pageId: string, parentId: string | null): string {
  const page = tree.byId.get(pageId);
  if (!page) throw new Error(`no page ${pageId} in the site structure`);
  const parent = parentId === null ? null : tree.byId.get(parentId);
  return slugUnder(page.slug, parent?.slug ?? null);
}

/**
 * Whether a page may go under a parent (null: the top level). A page under itself or under one of
 * its own descendants would leave the tree, so both are refused; so is a move that changes nothing.
 * `below` is descendantIds(tree, pageId), when the caller has it already.
 */
export function moveRefusal(tree: SiteTree, pageId: string, parentId: string | null, below: ReadonlySet<string> = descendantIds(tree, pageId)): MoveRefusal | null {
  if (parentId === pageId) return 'self';
  if (parentId !== null && below.has(parentId)) return 'descendant';
  if (movedSlug(tree, pageId, parentId) === tree.byId.get(pageId)?.slug) return 'unchanged';
  return null;
}

/** Whether a page is on the site now, so that moving it changes the site at once. */
export function isLive(node: Pick<SiteStructureNode, 'status'>): boolean {
  return node.status === 'published' || node.status === 'unpublished-changes';
}

/**
 * Whether the user may move a page: never the home page or the "404" page (their slugs are what
 * make them so); otherwise with edit-page, and for a live page also publish-page (decision 0004).
 */
export function mayMove(node: Pick<SiteStructureNode, 'slug' | 'status'>, permissions: readonly string[]): boolean {
  if (node.slug === HOME_SLUG || node.slug === NOT_FOUND_SLUG) return false;
  if (!permissions.includes('edit-page')) return false;
  return !isLive(node) || permissions.includes('publish-page');
}
