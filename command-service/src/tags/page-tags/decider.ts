import { ConflictError, NotFoundError, ValidationError } from '@pagelog/contracts/domain-errors';
import type { ErrorItem } from '@pagelog/contracts/envelope';
import { errorItem } from '@pagelog/contracts/error-catalogue';
import { pageStream, type PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { assertNever, type Decider } from '../../core/decider';
import { isLive, pageEvolver, type PageState } from '../../pages/page-state';
import { isLiveTag, type TagState } from '../tag-state';

/**
 * A page's tags (decision 0023): page-level, like the slug, so a change holds at once on the
 * draft and on the live page. The page names its tags by id; the tag field's list is the whole
 * list, and the change records what was added and removed.
 */

/** One tag the request names: the tag as its stream has it (or will have it, for one this command makes), and where the request named it. */
export interface TagFact {
  tagId: string;
  /** The request's property for it (`tags[2].id`, `tags[3].name`). */
  property: string;
  tag: TagState;
}

/**
 * `basedOn`: the tag ids the editor's list was made from; when the page carries other tags now
 * (another editor saved in between), the command is refused as a conflict (409) with the page's
 * tags as they are, whatever the order.
 */
export type PageTagsCommand = { type: 'SetPageTags'; data: { tags: readonly TagFact[]; basedOn?: readonly string[] } };

const PAGE_MODEL = 'page';

/**
 * The tags a page may take: a live tag of the page's locale (TG_07 for one that does not exist or
 * was merged away, TG_08 for another locale's). A tag the page carries already may stay though it
 * was merged meanwhile: the merge moves the page on from the log, and an editor saving the list
 * in between is not refused for it.
 */
function refusals(state: PageState, facts: readonly TagFact[]): ErrorItem[] {
  const items: ErrorItem[] = [];
  for (const { tagId, property, tag } of facts) {
    if (state.tags.includes(tagId) && tag.exists) continue;
    if (!isLiveTag(tag)) items.push(errorItem('TG_07', property, PAGE_MODEL));
    else if (tag.locale !== state.locale) items.push(errorItem('TG_08', property, PAGE_MODEL));
  }
  return items;
}

export function decidePageTags(command: PageTagsCommand, state: PageState): PageStreamEvent[] {
  switch (command.type) {
    case 'SetPageTags': {
      if (!isLive(state)) throw new NotFoundError('PM_01', 'id', PAGE_MODEL);
      const { basedOn } = command.data;
      if (basedOn && !sameSet(basedOn, state.tags)) {
        throw new ConflictError(pageStream(state.pageId), 0, 0, { conflicts: ['tags'], current: { tags: state.tags } });
      }
      const refused = refusals(state, command.data.tags);
      if (refused.length > 0) throw new ValidationError(refused);
      const tags = [...new Set(command.data.tags.map((fact) => fact.tagId))];
      const added = tags.filter((id) => !state.tags.includes(id));
      const removed = state.tags.filter((id) => !tags.includes(id));
      // The same set in another order is no change.
      if (added.length === 0 && removed.length === 0) return [];
      return [{ type: 'PageTagsChanged', data: { pageId: state.pageId, locale: state.locale, tags, added, removed } }];
    }
    default:
      return assertNever(command.type);
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

export const pageTagsDecider: Decider<PageTagsCommand, PageStreamEvent, PageState> = { ...pageEvolver, decide: decidePageTags };
