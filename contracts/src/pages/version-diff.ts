import { diffWords } from 'diff';
import type { Block } from '../blocks/block';
import { blockType } from '../blocks/block-types';
import type { VersionContent } from './page';
import { canonical, keptInOrder } from './version-changes';

/**
 * Comparing two versions of a page (issue 17), block-aware and field-aware: blocks are matched by
 * key, so a block that changed place is a move (the fewest moves that explain the new order), an
 * added or removed block is such, and a changed block names each prop that changed with its value
 * before and after, text word by word (rich text by its words, markup left out). Applying the
 * diff to the older version gives the newer one (applyVersionDiff), which the tests check for
 * any two versions.
 */

/** A run of words: in both, only in the older value, or only in the newer one. */
export interface TextPiece {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** One value that differs: a page field or a block prop. */
export interface ValueDiff {
  /** The field or prop: `title`, `html`, `__images` (the block's images), `anchorPoint`, `type`. */
  name: string;
  /** What the admin calls it (the block schema's label where it has one). */
  label: string;
  before: unknown;
  after: unknown;
  /** For text: the words of both, in order, each marked; null for other values (images, lists, choices). */
  words: TextPiece[] | null;
}

export type BlockDiffKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface BlockDiff {
  key: string;
  type: string;
  /** The block type's label ("Text", "Image"). */
  label: string;
  kind: BlockDiffKind;
  /** Whether it changed place among the blocks both versions have (a changed block can move too). */
  moved: boolean;
  /** Its place in the older version (null: added) and in the newer one (null: removed), from 0. */
  from: number | null;
  to: number | null;
  /** The props that differ (changed blocks only). */
  props: ValueDiff[];
  /** The block as it was (null: added) and as it is (null: removed): for side-by-side views and restores. */
  before: Block | null;
  after: Block | null;
}

export interface VersionDiff {
  /** The page fields that differ: title and SEO fields. */
  fields: ValueDiff[];
  /** Every block of either version: the newer one's in its order, a removed block after the block it followed. */
  blocks: BlockDiff[];
  /** Counts for a summary line. */
  summary: { added: number; removed: number; changed: number; moved: number; fields: number };
}

const PAGE_FIELDS: { name: keyof VersionContent; label: string; empty: unknown }[] = [
  { name: 'title', label: 'Title', empty: '' },
  { name: 'seoTitle', label: 'SEO title', empty: '' },
  { name: 'seoDescription', label: 'SEO description', empty: '' },
  { name: 'seoKeywords', label: 'SEO keywords', empty: [] },
  { name: 'seoImage', label: 'SEO image', empty: [] },
];

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Rich text's words: block-level tags as line breaks, other tags dropped, the usual entities read. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|tr|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

/** The words of two texts, each run marked; null when either value is not text. */
export function wordDiff(before: unknown, after: unknown, html = false): TextPiece[] | null {
  if (!(typeof before === 'string' || before === undefined) || !(typeof after === 'string' || after === undefined)) return null;
  const a = html ? textOfHtml(before ?? '') : (before ?? '');
  const b = html ? textOfHtml(after ?? '') : (after ?? '');
  return diffWords(a, b).map((change) => ({ text: change.value, kind: change.added ? 'added' : change.removed ? 'removed' : 'same' }));
}

/** The label the block's schema gives a prop, else its name. */
function propLabel(type: string, name: string): string {
  if (name === '__images') return 'Images';
  if (name === '__files') return 'Files';
  if (name === 'anchorPoint') return 'Anchor';
  if (name === 'type') return 'Block type';
  const fields = (blockType(type)?.props.describe() as { fields?: Record<string, { label?: string }> } | undefined)?.fields;
  return fields?.[name]?.label ?? name;
}

/** A block's parts that can differ, by name: its props, and its images, files, anchor and type. */
function partsOf(block: Block): Record<string, unknown> {
  return {
    ...((block.props ?? {}) as Record<string, unknown>),
    __images: block.__images ?? [],
    __files: block.__files ?? [],
    anchorPoint: block.anchorPoint ?? '',
    type: block.type,
  };
}

function blockProps(before: Block, after: Block): ValueDiff[] {
  const a = partsOf(before);
  const b = partsOf(after);
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return names
    .filter((name) => !same(a[name], b[name]))
    .map((name) => ({ name, label: propLabel(after.type, name), before: a[name], after: b[name], words: wordDiff(a[name], b[name], name === 'html') }));
}

/** What changed from `before` (the older version; null: none, every block is new) to `after`. */
export function diffVersions(before: VersionContent | null, after: VersionContent): VersionDiff {
  const oldBlocks = before?.blocks ?? [];
  const newBlocks = after.blocks ?? [];
  const fields: ValueDiff[] = PAGE_FIELDS.filter(({ name, empty }) => !same(before?.[name] ?? empty, after[name] ?? empty)).map(({ name, label, empty }) => ({
    name,
    label,
    before: before?.[name] ?? empty,
    after: after[name] ?? empty,
    words: wordDiff(before?.[name] ?? empty, after[name] ?? empty),
  }));

  // The page settings a version carries (its page type's data): each field that differs.
  const typeBefore = settingsOf(before);
  const typeAfter = settingsOf(after);
  for (const name of [...new Set([...Object.keys(typeBefore), ...Object.keys(typeAfter)])]) {
    if (same(typeBefore[name], typeAfter[name])) continue;
    fields.push({ name: `typeData.${name}`, label: name, before: typeBefore[name], after: typeAfter[name], words: wordDiff(typeBefore[name], typeAfter[name]) });
  }

  const oldIndex = new Map(oldBlocks.map((block, index) => [block.key, index]));
  const newKeys = new Set(newBlocks.map((block) => block.key));
  const common = newBlocks.filter((block) => oldIndex.has(block.key));
  const kept = keptInOrder(common.map((block) => oldIndex.get(block.key)!));
  const movedKeys = new Set(common.filter((_block, i) => !kept.has(i)).map((block) => block.key));

  // A removed block goes after the last block before it (in the older version) that is still
  // there and kept its place; at the top when there is none.
  const keptKeys = new Set(common.filter((_block, i) => kept.has(i)).map((block) => block.key));
  const removedAfter = new Map<string | null, Block[]>();
  let anchor: string | null = null;
  for (const block of oldBlocks) {
    if (!newKeys.has(block.key)) removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), block]);
    else if (keptKeys.has(block.key)) anchor = block.key;
  }

  const describe = (block: Block) => ({ key: block.key, type: block.type, label: blockType(block.type)?.label ?? block.type });
  const removed = (block: Block): BlockDiff => ({ ...describe(block), kind: 'removed', moved: false, from: oldIndex.get(block.key)!, to: null, props: [], before: block, after: null });
  const blocks: BlockDiff[] = [...(removedAfter.get(null) ?? []).map(removed)];
  newBlocks.forEach((block, to) => {
    const from = oldIndex.get(block.key);
    if (from === undefined) {
      blocks.push({ ...describe(block), kind: 'added', moved: false, from: null, to, props: [], before: null, after: block });
    } else {
      const old = oldBlocks[from]!;
      const props = blockProps(old, block);
      blocks.push({ ...describe(block), kind: props.length > 0 ? 'changed' : 'unchanged', moved: movedKeys.has(block.key), from, to, props, before: old, after: block });
    }
    if (keptKeys.has(block.key)) blocks.push(...(removedAfter.get(block.key) ?? []).map(removed));
  });

  const count = (kind: BlockDiffKind) => blocks.filter((b) => b.kind === kind).length;
  return { fields, blocks, summary: { added: count('added'), removed: count('removed'), changed: count('changed'), moved: movedKeys.size, fields: fields.length } };
}

/** The page type data a version carries in its settings, or none. */
function settingsOf(version: VersionContent | null): Record<string, unknown> {
  const typeData = (version as { settings?: { typeData?: unknown } } | null)?.settings?.typeData;
  return typeof typeData === 'object' && typeData !== null && !Array.isArray(typeData) ? (typeData as Record<string, unknown>) : {};
}

/** Whether the diff finds the two versions the same. */
export function sameVersions(diff: VersionDiff): boolean {
  const { added, removed, changed, moved, fields } = diff.summary;
  return added + removed + changed + moved + fields === 0;
}

/**
 * The older version with the diff applied: the fields and props that changed take their new
 * value, blocks come in the newer order, added ones from the diff, the others from `before`.
 */
export function applyVersionDiff(before: VersionContent | null, diff: VersionDiff): VersionContent {
  const base = (before ?? { title: '', blocks: [] }) as VersionContent;
  const result: Record<string, unknown> = { ...base };
  const typeData = { ...settingsOf(base) };
  let typeDataChanged = false;
  for (const field of diff.fields) {
    if (field.name.startsWith('typeData.')) {
      const name = field.name.slice('typeData.'.length);
      if (field.after === undefined) delete typeData[name];
      else typeData[name] = field.after;
      typeDataChanged = true;
    } else result[field.name] = field.after;
  }
  if (typeDataChanged) result.settings = { ...((base as { settings?: Record<string, unknown> }).settings ?? { anchor: '' }), typeData };
  const oldByKey = new Map((base.blocks ?? []).map((block) => [block.key, block]));
  const blocks = diff.blocks
    .filter((entry) => entry.kind !== 'removed')
    .sort((a, b) => a.to! - b.to!)
    .map((entry): Block => {
      if (entry.kind === 'added') return entry.after!;
      const old = oldByKey.get(entry.key)!;
      if (entry.kind === 'unchanged') return old;
      const parts = partsOf(old);
      for (const prop of entry.props) {
        if (prop.after === undefined) delete parts[prop.name];
        else parts[prop.name] = prop.after;
      }
      const { __images, __files, anchorPoint, type, ...props } = parts;
      const block: Block = { ...old, type: type as string, key: old.key, props, anchorPoint: anchorPoint as string };
      if ((__images as unknown[]).length > 0 || old.__images !== undefined) block.__images = __images as Block['__images'];
      else delete block.__images;
      if ((__files as unknown[]).length > 0 || old.__files !== undefined) block.__files = __files as Block['__files'];
      else delete block.__files;
      return block;
    });
  return { ...(result as unknown as VersionContent), blocks };
}

// What the API answers.

/** A step of a version's publication history (spec section 4): who, when, and what they wrote. */
export interface PublicationStep {
  kind: 'requested' | 'resent' | 'revoked' | 'accepted' | 'rejected' | 'published' | 'unpublished';
  at: string;
  by: string;
  byName: string;
  /** The request's comment, or the reviewer's feedback; '' when none. */
  text: string;
}

/** One stored version of a page, as the versions list and a comparison name it. */
export interface VersionSummary {
  versionId: string;
  storedAt: string;
  storedBy: string;
  /** The person's name ("deleted user" once erased). */
  storedByName: string;
  basedOnVersionId: string | null;
  /** Whether it is (or was) published: such a version never changes again. */
  published: boolean;
  /** Whether it is the page's draft now, and the version live on the site now. */
  isDraft: boolean;
  isLive: boolean;
  /** Its publication history, oldest first (in the versions list; empty in a comparison). */
  publication: PublicationStep[];
}

/** GET page/:id/compare?from&to: the two versions and what changed from the one to the other. */
export interface VersionComparison {
  pageID: string;
  from: VersionSummary;
  to: VersionSummary;
  diff: VersionDiff;
}

/** One step of a page's replay (issue 17): an event of its stream, who took it and what they wrote. */
export interface ReplayStep {
  position: number;
  revision: number;
  type: string;
  occurredAt: string;
  actorName: string;
  /** The step in words (the history's summary). */
  summary: string;
  /** A request's comment or a reviewer's feedback; '' when none. */
  text: string;
}

/** The page as it was after a step: its address, its draft and its live version then. */
export interface ReplayState {
  step: ReplayStep;
  slug: string;
  draft: (VersionContent & { versionId: string }) | null;
  live: (VersionContent & { versionId: string }) | null;
}
