import type { Block } from '@pagelog/contracts/blocks/block';
import { MAX_CARDS } from '@pagelog/contracts/blocks/types/cards-block';
import type { PublicPageCard } from '@pagelog/contracts/pages/page';
import { pageTypeIds } from '@pagelog/contracts/pages/page-type-ids';
import type { PrepareContext } from './prepare-context';

/** How many latest pages a block shows when its stored count is unusable. */
const DEFAULT_COUNT = 3;

function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) ? Math.min(Math.max(value, 1), MAX_CARDS) : DEFAULT_COUNT;
}

/**
 * A cards block's pages, read while the page is prepared (into the prop `cards`, which the
 * component renders): the chosen pages that are live, in the order chosen, or the latest
 * published pages of the page's locale (of the block's page type, or any; with the block's public
 * tag, when it names one), the page itself left out. Nothing chosen, nothing live, or a read that
 * failed: no cards (the component then shows nothing). Stored props are read defensively: they
 * may predate the rules.
 */
export async function prepareCards(props: Record<string, unknown>, _block: Block, context: PrepareContext): Promise<Record<string, unknown>> {
  let cards: PublicPageCard[] | null;
  if (props.mode === 'latest') {
    const type = typeof props.pageType === 'string' && (pageTypeIds as readonly string[]).includes(props.pageType) ? props.pageType : '';
    cards = (await context.list({ type, count: countOf(props.count), offset: 0, excludePageID: context.page.pageID, tag: typeof props.tag === 'string' ? props.tag.trim() : '' }))?.items ?? null;
  } else {
    const ids = Array.isArray(props.pageIDs) ? [...new Set(props.pageIDs.filter((id): id is string => typeof id === 'string'))].slice(0, MAX_CARDS) : [];
    cards = ids.length > 0 ? await context.cards(ids) : [];
  }
  return { ...props, cards: cards ?? [] };
}
