import type { VersionContent } from '@pagelog/contracts/pages/page';
import { labelOf } from '@pagelog/contracts/error-catalogue';
import { blockLabel } from './block-helpers';

/** One clashing part of a save, as the conflict notice names it. */
export type ConflictPart =
  | { kind: 'field'; label: string }
  | { kind: 'block'; label: string; position: number | null }
  | { kind: 'order' }
  | { kind: 'typeData' };

/**
 * The parts a 409 names (`title`, `seoKeywords`, `blocks.<key>`, `blocks.order`, `settings.slug`,
 * ...), in words the editor knows: field labels, and blocks by type label and their position on
 * the editor's screen (or in the newer version when the editor removed them).
 */
export function describeConflicts(conflicts: readonly string[], mine: Pick<VersionContent, 'blocks'>, theirs?: Pick<VersionContent, 'blocks'>): ConflictPart[] {
  const parts: ConflictPart[] = [];
  const seen = new Set<string>();
  for (const conflict of conflicts) {
    if (seen.has(conflict)) continue;
    seen.add(conflict);
    if (conflict === 'blocks.order') {
      parts.push({ kind: 'order' });
      continue;
    }
    if (conflict.startsWith('blocks.')) {
      const key = conflict.slice('blocks.'.length);
      const index = mine.blocks.findIndex((block) => block.key === key);
      const block = mine.blocks[index] ?? theirs?.blocks.find((candidate) => candidate.key === key);
      parts.push({ kind: 'block', label: block ? blockLabel(block.type) : key, position: index === -1 ? null : index + 1 });
      continue;
    }
    const field = conflict.startsWith('settings.') ? conflict.slice('settings.'.length) : conflict;
    if (field === 'typeData') parts.push({ kind: 'typeData' });
    else parts.push({ kind: 'field', label: labelOf(field) });
  }
  return parts;
}
