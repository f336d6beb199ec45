import type { Block } from '@pagelog/contracts/blocks/block';
import type { PageDetails, PageTranslation } from '@pagelog/contracts/pages/page';

/**
 * The page a translation is translated from: the page it was created from (create-translation
 * records it) while that page is still in its group, else the group's page in the site's default
 * locale; none for a page in the default locale without such a record, or without siblings.
 */
export function sourcePageOf(page: Pick<PageDetails, 'locale' | 'copiedFrom' | 'translations'>, defaultLocale: string | undefined): PageTranslation | null {
  const siblings = (page.translations ?? []).filter((sibling) => sibling.locale !== page.locale);
  if (page.copiedFrom?.as === 'translation') {
    const from = siblings.find((sibling) => sibling.pageID === page.copiedFrom!.pageId);
    if (from) return from;
  }
  if (!defaultLocale || page.locale === defaultLocale) return null;
  return siblings.find((sibling) => sibling.locale === defaultLocale) ?? null;
}

/**
 * The source's block that a block of the translation translates: the one with the same key (the
 * translation's blocks were copied from the source), else the one in the same place if it is of
 * the same type and no block of the translation has its key; none otherwise.
 */
export function sourceBlockFor(block: Pick<Block, 'key' | 'type'>, index: number, blocks: readonly Pick<Block, 'key'>[], sourceBlocks: readonly Block[]): Block | null {
  const byKey = sourceBlocks.find((candidate) => candidate.key === block.key);
  if (byKey) return byKey.type === block.type ? byKey : null;
  const byPlace = sourceBlocks[index];
  if (!byPlace || byPlace.type !== block.type) return null;
  return blocks.some((other) => other.key === byPlace.key) ? null : byPlace;
}

/** Rich text as the words a translator reads: tags dropped, white space folded. */
export function plainText(html: string): string {
  // Paragraphs, items and lines stay apart as words.
  const spaced = html.replace(/<\/(p|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$& ');
  const text = typeof DOMParser === 'undefined' ? spaced.replace(/<[^>]*>/g, ' ') : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}
