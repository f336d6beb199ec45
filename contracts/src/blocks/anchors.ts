import type { Block } from './block';

/** An anchor point: a letter, then letters, digits, hyphens and underscores (it becomes an element id). */
export const anchorPattern = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * Spec section 5: an anchor name is available for a block when no other block of the page
 * version (told apart by key) uses it already. Anchors compare without regard to case, as
 * browsers treat fragment links on many sites.
 */
export function anchorAvailable(anchorName: string, blockKey: string, blocks: readonly Pick<Block, 'key' | 'anchorPoint'>[]): boolean {
  const wanted = anchorName.trim().toLowerCase();
  if (wanted === '') return true;
  return !blocks.some((b) => b.key !== blockKey && (b.anchorPoint ?? '').trim().toLowerCase() === wanted);
}
