import type { Block } from '@pagelog/contracts/blocks/block';
import type { VersionContent } from '@pagelog/contracts/pages/page';
import type { BlockDiff, ValueDiff, VersionDiff } from '@pagelog/contracts/pages/version-diff';

/**
 * Restores from an older version into the draft on screen (issue 17): the whole version, one
 * block, or one field, as the comparison (older → draft) shows them. Each answers the content the
 * editor then holds, unsaved: a save stores it as a new version, as any edit, so history is never
 * rewritten and the restored draft goes through the usual workflow. Type data (page settings) is
 * the settings tab's and is left alone here.
 */

const PAGE_FIELDS = new Set(['title', 'seoTitle', 'seoDescription', 'seoKeywords', 'seoImage']);

/** The older version's blocks, in its order, as the diff holds them. */
function olderBlocks(diff: VersionDiff): Block[] {
  return diff.blocks.filter((entry) => entry.before !== null && entry.from !== null).sort((a, b) => a.from! - b.from!).map((entry) => entry.before!);
}

/** The whole older version (as fetched): its blocks and every page field, unsaved edits on screen replaced. */
export function restoreVersion(current: VersionContent, older: VersionContent): VersionContent {
  const content: Record<string, unknown> = { ...current, blocks: older.blocks ?? [] };
  for (const name of PAGE_FIELDS) content[name] = (older as unknown as Record<string, unknown>)[name] ?? (name === 'seoKeywords' || name === 'seoImage' ? [] : '');
  return content as unknown as VersionContent;
}

/**
 * One block as the older version had it: a block the draft added goes, one it removed comes back
 * where it was (after the block it followed then, when that is still there), a changed one is
 * put back whole. It is found in the draft by its key.
 */
export function restoreBlock(current: VersionContent, diff: VersionDiff, entry: BlockDiff): VersionContent {
  const blocks = [...current.blocks];
  const at = blocks.findIndex((block) => block.key === entry.key);
  if (entry.before === null) return { ...current, blocks: at === -1 ? blocks : blocks.filter((block) => block.key !== entry.key) };
  if (at !== -1) {
    blocks[at] = entry.before;
    return { ...current, blocks };
  }
  const older = olderBlocks(diff);
  const previous = older.slice(0, older.findIndex((block) => block.key === entry.key)).reverse().find((block) => blocks.some((b) => b.key === block.key));
  const index = previous ? blocks.findIndex((block) => block.key === previous.key) + 1 : 0;
  blocks.splice(index, 0, entry.before);
  return { ...current, blocks };
}

/** One prop of a block (its text, its images, its anchor) as the older version had it. */
export function restoreProp(current: VersionContent, entry: BlockDiff, prop: ValueDiff): VersionContent {
  return {
    ...current,
    blocks: current.blocks.map((block) => {
      if (block.key !== entry.key) return block;
      if (prop.name === '__images') return { ...block, __images: (prop.before ?? []) as Block['__images'] };
      if (prop.name === '__files') return { ...block, __files: (prop.before ?? []) as Block['__files'] };
      if (prop.name === 'anchorPoint') return { ...block, anchorPoint: (prop.before as string) ?? '' };
      if (prop.name === 'type') return entry.before ?? block;
      const props = { ...block.props };
      if (prop.before === undefined) delete props[prop.name];
      else props[prop.name] = prop.before;
      return { ...block, props };
    }),
  };
}

/** A page field (title, SEO) as the older version had it; null for one this screen does not restore (type data). */
export function restoreField(current: VersionContent, field: ValueDiff): VersionContent | null {
  if (!PAGE_FIELDS.has(field.name)) return null;
  return { ...current, [field.name]: field.before } as VersionContent;
}
