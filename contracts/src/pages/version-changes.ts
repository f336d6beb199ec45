import type { Block } from '../blocks/block';
import { blockType } from '../blocks/block-types';
import type { VersionContent } from './page';

/** One block as a change names it: its key, type, the registry's label, and a line of its own text. */
export interface ChangedBlock {
  key: string;
  type: string;
  label: string;
  /** The block's first bit of text (a heading, a title, a question), shortened; '' when it has none. */
  summary: string;
}

/** What changed between two versions of a page, block by block (blocks are matched by key). */
export interface VersionChanges {
  /** The page-level fields that differ: `title`, `seoTitle`, `seoDescription`, `seoKeywords`, `seoImage`. */
  fields: { name: keyof VersionContent; before: unknown; after: unknown }[];
  added: ChangedBlock[];
  removed: ChangedBlock[];
  /** Blocks in both whose content differs, with the props that differ (by the schema's label where it has one). */
  changed: (ChangedBlock & { props: { name: string; label: string }[] })[];
  /** Blocks in both whose place among the others changed (not counting those added or removed). */
  moved: ChangedBlock[];
}

const PAGE_FIELDS = ['title', 'seoTitle', 'seoDescription', 'seoKeywords', 'seoImage'] as const;

/** A stable JSON text of a value (object keys sorted), so key order never reads as a change. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The first text of a value, for a one-line summary: enough of it for 80 characters (a long text is not cleaned whole). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 1_000).replace(/<[^>]*>?/g, ' ').replace(/\s+/g, ' ').trim();
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = textOf(item);
      if (text !== '') return text;
    }
    return '';
  }
  if (value !== null && typeof value === 'object') return textOf(Object.values(value));
  return '';
}

function describe(block: Block): ChangedBlock {
  const definition = blockType(block.type);
  const props = (block.props ?? {}) as Record<string, unknown>;
  // The props a reader recognises a block by, first; else the first text of any prop.
  const named = textOf(['title', 'text', 'name', 'question', 'caption', 'html'].map((name) => props[name]));
  const summary = named || textOf(props);
  return { key: block.key, type: block.type, label: definition?.label ?? block.type, summary: summary.length > 80 ? `${summary.slice(0, 79)}…` : summary };
}

/** Each block type's prop labels, read from its schema once (describe() builds the whole description). */
const labelsByType = new Map<string, Record<string, { label?: string }> | undefined>();

/** The label the block's schema gives a prop, else its name. */
function propLabel(block: Block, name: string): string {
  if (name === '__images') return 'Images';
  if (name === '__files') return 'Files';
  if (name === 'anchorPoint') return 'Anchor';
  if (!labelsByType.has(block.type)) labelsByType.set(block.type, (blockType(block.type)?.props.describe() as { fields?: Record<string, { label?: string }> } | undefined)?.fields);
  return labelsByType.get(block.type)?.[name]?.label ?? name;
}

/** The props (and images, files, anchor) in which two blocks of the same key differ. */
function changedProps(before: Block, after: Block): { name: string; label: string }[] {
  const a = (before.props ?? {}) as Record<string, unknown>;
  const b = (after.props ?? {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => canonical(a[name]) !== canonical(b[name]));
  if (canonical(before.__images ?? []) !== canonical(after.__images ?? [])) names.push('__images');
  if (canonical(before.__files ?? []) !== canonical(after.__files ?? [])) names.push('__files');
  if ((before.anchorPoint ?? '') !== (after.anchorPoint ?? '')) names.push('anchorPoint');
  if (before.type !== after.type) names.unshift('type');
  return names.map((name) => ({ name, label: propLabel(after, name) }));
}

/**
 * The indexes (into `sequence`) of a longest increasing run of it: the blocks that kept their
 * order; every other block common to both versions is reported as moved. O(n log n).
 */
export function keptInOrder(sequence: number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array(sequence.length).fill(-1);
  for (let i = 0; i < sequence.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sequence[tails[mid]!]! < sequence[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) kept.add(i);
  return kept;
}

/**
 * What changed from `before` (the live version; null when the page is not live) to `after` (the
 * version under review): page fields, and blocks added, removed, changed (which props) and moved.
 */
export function versionChanges(before: VersionContent | null, after: VersionContent): VersionChanges {
  const oldBlocks = before?.blocks ?? [];
  const newBlocks = after.blocks ?? [];
  const fields = PAGE_FIELDS.filter((name) => canonical(before?.[name] ?? (name === 'seoKeywords' || name === 'seoImage' ? [] : '')) !== canonical(after[name] ?? (name === 'seoKeywords' || name === 'seoImage' ? [] : ''))).map(
    (name) => ({ name, before: before?.[name], after: after[name] }),
  );
  const oldByKey = new Map(oldBlocks.map((block, index) => [block.key, { block, index }]));
  const newKeys = new Set(newBlocks.map((block) => block.key));
  const added = newBlocks.filter((block) => !oldByKey.has(block.key)).map(describe);
  const removed = oldBlocks.filter((block) => !newKeys.has(block.key)).map(describe);
  const common = newBlocks.filter((block) => oldByKey.has(block.key));
  const kept = keptInOrder(common.map((block) => oldByKey.get(block.key)!.index));
  const moved = common.filter((_block, i) => !kept.has(i)).map(describe);
  const changed = common.flatMap((block) => {
    const props = changedProps(oldByKey.get(block.key)!.block, block);
    return props.length > 0 ? [{ ...describe(block), props }] : [];
  });
  return { fields, added, removed, changed, moved };
}

/** Whether two versions hold the same content. */
export function noChanges(changes: VersionChanges): boolean {
  return changes.fields.length + changes.added.length + changes.removed.length + changes.changed.length + changes.moved.length === 0;
}
