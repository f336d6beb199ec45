import type { ErrorItem } from '@pagelog/contracts/envelope';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { tagKey, type TagSummary, type TagVisibility } from '@pagelog/contracts/tags/tag';

/** A tag in the page's tag field: one that exists, or one the save will make (checked by tags/validate first). */
export type ChosenTag = { kind: 'existing'; tag: TagSummary } | { kind: 'new'; name: string; visibility: TagVisibility };

/** One entry of POST page/:id/tags. */
export type PageTagEntry = { id: string } | { name: string; visibility: TagVisibility };

/** What tells two chosen tags apart: the id, or for a new one its name as the rules compare names. */
export function chosenKey(chosen: ChosenTag): string {
  return chosen.kind === 'existing' ? chosen.tag.id : `new:${tagKey(chosen.name)}`;
}

export function chosenName(chosen: ChosenTag): string {
  return chosen.kind === 'existing' ? chosen.tag.name : chosen.name;
}

export function chosenVisibility(chosen: ChosenTag): TagVisibility {
  return chosen.kind === 'existing' ? chosen.tag.visibility : chosen.visibility;
}

/**
 * The page's tags as the field shows them: its saved ids in their order, each as the tag lists
 * (or an earlier answer) know it. An id not known (yet) is left out of the chips; `kept` carries
 * it, so a save does not drop a tag merely because its name has not arrived.
 */
export function chosenOfPage(ids: readonly string[], known: ReadonlyMap<string, TagSummary>): { chosen: ChosenTag[]; kept: string[] } {
  const chosen: ChosenTag[] = [];
  const kept: string[] = [];
  for (const id of ids) {
    const tag = known.get(id);
    if (tag) chosen.push({ kind: 'existing', tag });
    else kept.push(id);
  }
  return { chosen, kept };
}

/** The body's list: existing tags by id (the unknown ones kept first), new ones by name and visibility. */
export function pageTagsBody(chosen: readonly ChosenTag[], kept: readonly string[] = []): PageTagEntry[] {
  return [
    ...kept.map((id) => ({ id })),
    ...chosen.map((tag): PageTagEntry => (tag.kind === 'existing' ? { id: tag.tag.id } : { name: tag.name, visibility: tag.visibility })),
  ];
}

/** Whether saving would change the page's tags: a new tag, or another set of ids (the order counts for nothing, as on the server). */
export function tagsDiffer(chosen: readonly ChosenTag[], kept: readonly string[], savedIds: readonly string[]): boolean {
  if (chosen.some((tag) => tag.kind === 'new')) return true;
  const ids = new Set([...kept, ...chosen.map(chosenKey)]);
  const saved = new Set(savedIds);
  return ids.size !== saved.size || [...ids].some((id) => !saved.has(id));
}

/** Whether the field already holds a tag of this name (by the rules' comparison) or this id. */
export function holdsTag(chosen: readonly ChosenTag[], candidate: { id?: string; name: string }): boolean {
  const key = tagKey(candidate.name);
  return chosen.some((tag) => (candidate.id !== undefined && tag.kind === 'existing' && tag.tag.id === candidate.id) || tagKey(chosenName(tag)) === key);
}

/**
 * The page's tags as they are now when a save was refused because another editor changed them
 * since the field read them (409, `conflicts: ['tags']`); null for any other answer.
 */
export function tagsConflict(status: number, data: unknown): string[] | null {
  if (status !== 409 || !data || typeof data !== 'object') return null;
  const { conflicts, current } = data as { conflicts?: unknown; current?: { tags?: unknown } };
  if (!Array.isArray(conflicts) || !conflicts.includes('tags')) return null;
  const tags = current?.tags;
  return Array.isArray(tags) && tags.every((id) => typeof id === 'string') ? (tags as string[]) : null;
}

/**
 * This editor's choice applied on top of another editor's save (a three-way merge): the tags the
 * page has now (`theirs`), without the ones this editor removed from the list it started from
 * (`base`), with the ones this editor added, and this editor's new tags. A tag the lists do not
 * know yet stays on the page (the save keeps unknown ids) without a chip.
 */
export function rebaseChosen(chosen: readonly ChosenTag[], base: readonly string[], theirs: readonly string[], known: ReadonlyMap<string, TagSummary>): ChosenTag[] {
  const mine = new Set(chosen.filter((tag) => tag.kind === 'existing').map(chosenKey));
  const removed = new Set(base.filter((id) => !mine.has(id) && known.has(id)));
  const ids = [...new Set([...theirs.filter((id) => !removed.has(id)), ...[...mine].filter((id) => !base.includes(id))])];
  const existing = ids.flatMap((id): ChosenTag[] => {
    const tag = known.get(id);
    return tag ? [{ kind: 'existing', tag }] : [];
  });
  return [...existing, ...chosen.filter((tag) => tag.kind === 'new')];
}

const entryIndex = /^tags\[(\d+)\]/;

/**
 * A refused save's errors, each about an entry of the list named by the tag it is about
 * (`“x”: A tag must be at least 2 characters long.`), so the editor sees which chip to fix.
 */
export function describePageTagErrors(errors: readonly ErrorItem[], body: readonly PageTagEntry[], names: ReadonlyMap<string, string>, about: (name: string, message: string) => string): ErrorItem[] {
  return errors.map((error) => {
    const message = error.message || messageFor(error.code, error.property);
    const index = entryIndex.exec(error.property)?.[1];
    const entry = index === undefined ? undefined : body[Number(index)];
    if (!entry) return { ...error, message };
    const name = 'id' in entry ? names.get(entry.id) : entry.name;
    return name === undefined ? { ...error, message } : { ...error, message: about(name, message) };
  });
}
