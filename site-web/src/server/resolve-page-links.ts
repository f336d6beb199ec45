import type { Block } from '@pagelog/contracts/blocks/block';
import { linkedPageIds, resolvePageLinks } from '@pagelog/contracts/blocks/links';
import type { PrepareContext } from './prepare-context';

/**
 * The block with its links by page id (`page:<id>`, what the admin stores for a picked page)
 * pointed at where each page is now, read through the context: a page that moved is followed
 * without anything being rewritten, and the context's cache tags drop this page when that one
 * moves, goes or comes back. A page that is not live leaves no address behind: a link prop
 * becomes empty (a call to action leaves its button out), an href in rich text is dropped by the
 * sanitiser (its text stays). A failed read counts as not live; the context marks the page
 * incomplete, so it is not kept.
 */
export async function withPageLinksResolved(block: Block, context: PrepareContext): Promise<Block> {
  const ids = linkedPageIds(block);
  if (ids.length === 0) return block;
  const cards = (await context.cards(ids)) ?? [];
  const paths = new Map(cards.map((card) => [card.pageID, card.path]));
  return resolvePageLinks(block, (pageId) => paths.get(pageId) ?? null);
}
