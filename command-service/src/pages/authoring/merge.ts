import { isDeepStrictEqual } from 'node:util';
import type { Block } from '@pagelog/contracts/blocks/block';
import type { VersionContent } from '@pagelog/contracts/pages/page';

/**
 * Three-way merge of version content: what the editor started from (`base`), what was stored
 * since (`theirs`) and what the editor saves now (`mine`). Fields and blocks (by key) changed on
 * one side only take that side's value; the same change on both sides is no conflict; different
 * changes to the same field or block, an edit against a removal, or two different re-orderings
 * are conflicts, named as `title`, `seoTitle`, `blocks.<key>` or `blocks.order`.
 */
export interface MergeResult {
  content: VersionContent;
  conflicts: string[];
}

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

const fields = ['title', 'seoTitle', 'seoDescription', 'seoKeywords', 'seoImage'] as const;

function mergeValue<T>(base: T, theirs: T, mine: T): { value: T; conflict: boolean } {
  if (same(theirs, mine) || same(base, mine)) return { value: theirs, conflict: false };
  if (same(base, theirs)) return { value: mine, conflict: false };
  return { value: mine, conflict: true };
}

/** `list` without the keys outside `keep`. */
const within = (list: readonly string[], keep: ReadonlySet<string>) => list.filter((k) => keep.has(k));

/**
 * The kept keys in `skeleton`'s order, with the keys only `other` has inserted after the block
 * that precedes them on that side.
 */
function weave(skeleton: readonly string[], other: readonly string[], keep: ReadonlySet<string>): string[] {
  const result = within(skeleton, keep);
  other.forEach((key, i) => {
    if (!keep.has(key) || result.includes(key)) return;
    let j = i - 1;
    while (j >= 0 && !result.includes(other[j]!)) j--;
    result.splice(j < 0 ? 0 : result.indexOf(other[j]!) + 1, 0, key);
  });
  return result;
}

function mergeBlocks(base: readonly Block[], theirs: readonly Block[], mine: readonly Block[]): { blocks: Block[]; conflicts: string[] } {
  const byKey = (blocks: readonly Block[]) => new Map(blocks.map((b) => [b.key, b]));
  const [b, t, m] = [byKey(base), byKey(theirs), byKey(mine)];
  const conflicts: string[] = [];
  const kept = new Map<string, Block>();
  const keys = new Set([...b.keys(), ...t.keys(), ...m.keys()]);
  for (const key of keys) {
    const [bb, tb, mb] = [b.get(key), t.get(key), m.get(key)];
    if (tb && mb) {
      const { value, conflict } = mergeValue(bb, tb, mb);
      if (conflict) conflicts.push(`blocks.${key}`);
      kept.set(key, value ?? mb);
    } else if (tb || mb) {
      // Present on one side only: added there, or removed on the other side.
      const present = (tb ?? mb)!;
      if (!bb) kept.set(key, present);
      else if (!same(bb, present)) conflicts.push(`blocks.${key}`);
    }
  }

  const keep = new Set(kept.keys());
  const common = new Set([...b.keys()].filter((k) => t.has(k) && m.has(k)));
  const order = (list: readonly Block[]) => within(list.map((x) => x.key), common);
  const baseOrder = order(base);
  const theirsMoved = !same(order(theirs), baseOrder);
  const mineMoved = !same(order(mine), baseOrder);
  if (theirsMoved && mineMoved && !same(order(theirs), order(mine))) conflicts.push('blocks.order');
  const [skeleton, other] = mineMoved ? [mine, theirs] : [theirs, mine];
  const keys2 = weave(
    skeleton.map((x) => x.key),
    other.map((x) => x.key),
    keep,
  );
  return { blocks: keys2.map((k) => kept.get(k)!), conflicts };
}

export function mergeVersions(base: VersionContent, theirs: VersionContent, mine: VersionContent): MergeResult {
  const conflicts: string[] = [];
  const content = { ...theirs } as VersionContent;
  for (const field of fields) {
    const { value, conflict } = mergeValue(base[field], theirs[field], mine[field]);
    if (conflict) conflicts.push(field);
    Object.assign(content, { [field]: value });
  }
  const blocks = mergeBlocks(base.blocks, theirs.blocks, mine.blocks);
  content.blocks = blocks.blocks;
  conflicts.push(...blocks.conflicts);
  return { content, conflicts };
}

/** Whether two contents are the same (a save that changes nothing records nothing). */
export const sameContent = (a: VersionContent, b: VersionContent) => same(a, b);
