import { ConflictError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { pageStream } from '@pagelog/contracts/events/page-events';
import { tagStream } from '@pagelog/contracts/events/tag-events';
import { checkTagName, type MergedTag, type PageTags, type RenamedTag, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { loadStream } from '@pagelog/storage/event-store/load-stream';
import type { CommandContext } from '../core/command-context';
import type { CommandDeps } from '../core/command-deps';
import { pageConflictDetails, pageEvolver } from '../pages/page-state';
import { TAG_MODEL, tagDecider, type TagCommand } from './decider';
import { pageTagsDecider, type TagFact } from './page-tags/decider';
import { claimTagName, giveBackTagName, loadTagState, tagNamed, withMergeLock, type HeldClaim } from './tag-names';
import { isLiveTag, tagEvolver, tagSummary, type TagState } from './tag-state';

/** The tag commands: a page's tags (making new tags by name), rename and merge. */

type Committed<T> = T & { position: number };

/** One tag of a page's tag field: an existing tag by id, or a name (made when the locale has no tag of that name). */
export type PageTagInput = { id?: string; name?: string; visibility: TagVisibility };

/** Decides `command` on the tag's stream and appends what it decides; answers the tag as it is after. */
async function writeTag(deps: CommandDeps, tagId: string, command: (state: TagState) => TagCommand, context: CommandContext) {
  let after: TagState = tagEvolver.initialState;
  const result = await deps.handle(
    tagStream(tagId),
    'any',
    tagEvolver,
    (state) => {
      const events = tagDecider.decide(command(state), state);
      after = events.reduce(tagEvolver.evolve, state);
      return events;
    },
    context,
  );
  return { ...result, after };
}

/** A tag the request names by name that the locale does not have yet. */
interface NewTag {
  name: string;
  slug: string;
  visibility: TagVisibility;
  property: string;
}

/**
 * The tag of that name in the locale if there is one (by slug, rule 6): taken when it has the
 * visibility asked for, refused (TG_04) when it has the other, since a public tag must not come
 * of a private one's name or the other way round.
 */
async function existingByName(deps: CommandDeps, locale: string, wanted: NewTag): Promise<TagState | null> {
  const ownerId = await tagNamed(deps, locale, wanted.slug);
  if (!ownerId) return null;
  const owner = await loadTagState(deps, ownerId);
  if (!isLiveTag(owner)) return null;
  if (owner.visibility !== wanted.visibility) throw ValidationError.of('TG_04', wanted.property, 'page');
  return owner;
}

/** Makes a tag of a name no tag of the locale has: its slug is claimed first, the claim given back when the tag cannot be written. */
async function createTag(deps: CommandDeps, locale: string, wanted: NewTag, context: CommandContext): Promise<TagState> {
  const tagId = context.newId();
  const name = { locale, slug: wanted.slug, tagId };
  let held: HeldClaim;
  try {
    held = await claimTagName(deps, name, wanted.property, context, 'page');
  } catch (error) {
    // Made a moment ago by someone else's field: the same tag, when it is of this visibility.
    const made = error instanceof ValidationError ? await existingByName(deps, locale, wanted) : null;
    if (made) return made;
    throw error;
  }
  try {
    const result = await writeTag(deps, tagId, () => ({ type: 'CreateTag', data: { tagId, locale, visibility: wanted.visibility, name: wanted.name, property: wanted.property, nameClaim: held.key } }), context);
    return result.after;
  } catch (error) {
    await giveBackTagName(deps, 'a failed tag create', name, context, held.revision, error);
    throw error;
  }
}

/**
 * Sets a page's tags (the whole list, POST page/:id/tags). Every tag named by id must exist and be
 * of the page's locale; a name takes the locale's tag of that name, or makes a new one (TagCreated)
 * once every entry has been checked, so a refused request makes no tag. Then the page records what
 * changed (PageTagsChanged; nothing when the set is the same). A tag made by a call whose page write
 * then fails stays, on no page.
 */
export async function setPageTags(
  deps: CommandDeps,
  pageId: string,
  input: { tags: PageTagInput[]; basedOnTags?: readonly string[]; revision?: number },
  context: CommandContext,
): Promise<Committed<PageTags>> {
  const { state: page, revision } = await loadStream(deps.store, pageStream(pageId), pageEvolver);
  if (!page.exists || page.deleted) throw new NotFoundError('PM_01', 'id', 'page');
  // A stale list is refused before any tag is made for it.
  if (input.revision !== undefined && input.revision !== revision) throw new ConflictError(pageStream(pageId), input.revision, revision, pageConflictDetails(page));

  const refused: ErrorItem[] = [];
  const facts: (TagFact | null)[] = [];
  const wanted = new Map<string, { entry: NewTag; at: number[] }>();
  for (const [i, entry] of input.tags.entries()) {
    if (entry.id) {
      facts.push({ tagId: entry.id, property: `tags[${i}].id`, tag: await loadTagState(deps, entry.id) });
      continue;
    }
    const property = `tags[${i}].name`;
    const check = checkTagName(entry.name ?? '');
    facts.push(null);
    if (check.errors.length > 0) {
      refused.push(...check.errors.map((code) => errorItem(code, property, 'page')));
      continue;
    }
    // One tag for names that are the same by rule 6 ("Duurzaam" and "duurzaam" in one list).
    const same = wanted.get(check.slug);
    if (same && same.entry.visibility !== entry.visibility) refused.push(errorItem('TG_04', property, 'page'));
    else if (same) same.at.push(i);
    else wanted.set(check.slug, { entry: { name: check.name, slug: check.slug, visibility: entry.visibility, property }, at: [i] });
  }
  const found = new Map<string, TagState | null>();
  for (const [slug, { entry }] of wanted) {
    try {
      found.set(slug, await existingByName(deps, page.locale, entry));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      refused.push(...error.items);
    }
  }
  // The tags named by id are checked now too (the decider's own rules, on the page as it is), so
  // that every refusal comes in one answer and before anything is made.
  try {
    pageTagsDecider.decide({ type: 'SetPageTags', data: { tags: facts.filter((f): f is TagFact => f !== null), basedOn: input.basedOnTags } }, page);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    refused.push(...error.items);
  }
  if (refused.length > 0) throw new ValidationError(refused);

  const created: string[] = [];
  for (const [slug, { entry, at }] of wanted) {
    let tag = found.get(slug) ?? null;
    if (!tag) {
      tag = await createTag(deps, page.locale, entry, context);
      if (!created.includes(tag.tagId)) created.push(tag.tagId);
    }
    for (const i of at) facts[i] = { tagId: tag.tagId, property: entry.property, tag };
  }
  const named = facts as TagFact[];
  const result = await deps.handle(
    pageStream(pageId),
    input.revision ?? 'any',
    pageEvolver,
    (state) => pageTagsDecider.decide({ type: 'SetPageTags', data: { tags: named, basedOn: input.basedOnTags } }, state),
    context,
    { describeConflict: pageConflictDetails },
  );
  const tags = [...new Map(named.map((fact) => [fact.tagId, tagSummary(fact.tag)])).values()];
  return { pageID: pageId, revision: result.revision, tags, created, position: result.position };
}

/**
 * Renames a tag (tags/rename). Pages name it by id, so every page follows without an event of its
 * own. A new slug is claimed first (TG_04 when another tag has it) and the old one given back
 * once the tag has left it; a change of case or accents only keeps the claim it has.
 */
export async function renameTag(deps: CommandDeps, input: { tagId: string; name: string }, context: CommandContext): Promise<Committed<RenamedTag>> {
  const before = await loadTagState(deps, input.tagId);
  if (!isLiveTag(before)) throw new NotFoundError('TG_07', 'tagId', TAG_MODEL);
  const check = checkTagName(input.name);
  if (check.errors.length > 0) throw new ValidationError(check.errors.map((code) => errorItem(code, 'name', TAG_MODEL)));
  const from = { locale: before.locale, slug: tagSummary(before).slug, tagId: before.tagId };
  const to = { ...from, slug: check.slug };
  const moves = to.slug !== from.slug;
  const held = moves ? await claimTagName(deps, to, 'name', context) : null;
  let result;
  try {
    result = await writeTag(
      deps,
      input.tagId,
      (state) => {
        // Renamed by someone else meanwhile: the claims were made for the name it had.
        if (isLiveTag(state) && state.name !== before.name) throw new ConflictError(tagStream(input.tagId), 0, 0, { conflicts: ['name'], current: tagSummary(state) });
        return { type: 'RenameTag', data: { name: check.name, nameClaim: held?.key ?? null } };
      },
      context,
    );
  } catch (error) {
    if (held) await giveBackTagName(deps, 'a failed tag rename', to, context, held.revision, error);
    throw error;
  }
  if (moves) await giveBackTagName(deps, 'a tag rename', from, context);
  return { tag: tagSummary(result.after), revision: result.revision, position: result.position };
}

/**
 * Merges a tag into another of the same locale and visibility (tags/merge): TagMerged on the tag
 * that goes, decided under the locale's merge lock. Its pages take the other tag from the log
 * (the tag-merges reactor in the projector, decision 0023), so the answer does not wait for them.
 */
export async function mergeTag(deps: CommandDeps, input: { tagId: string; intoTagId: string }, context: CommandContext): Promise<Committed<MergedTag>> {
  if (input.tagId === input.intoTagId) throw ValidationError.of('TG_05', 'intoTagId', TAG_MODEL);
  const [source, into] = await Promise.all([loadTagState(deps, input.tagId), loadTagState(deps, input.intoTagId)]);
  // Decided once before the lock, so a refusal takes no lock and writes nothing.
  tagDecider.decide({ type: 'MergeTag', data: { into, mergeLock: null } }, source);
  return withMergeLock(deps, source.locale, source.tagId, context, async (lock) => {
    // The tag merged into, as it is now that no other merge of the locale can change it.
    const target = await loadTagState(deps, input.intoTagId);
    const result = await writeTag(deps, input.tagId, () => ({ type: 'MergeTag', data: { into: target, mergeLock: lock.key } }), context);
    return { mergedTagId: input.tagId, into: tagSummary(target), position: result.position };
  });
}
