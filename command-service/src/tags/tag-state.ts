import { claimKey } from '@pagelog/contracts/events/claim-events';
import type { Evolver } from '@pagelog/contracts/events/event';
import type { TagStreamEvent } from '@pagelog/contracts/events/tag-events';
import { tagSlug, type TagSummary, type TagVisibility } from '@pagelog/contracts/tags/tag';
import { assertNever } from '../core/decider';

/** What the tag deciders need to know of a tag's history. */
export interface TagState {
  exists: boolean;
  tagId: string;
  locale: string;
  visibility: TagVisibility;
  name: string;
  /** Merged into another tag: it is no more, and accepts no command. */
  merged: boolean;
  mergedInto: string | null;
  /** Claims of this tag that another took over while it did not use them (ClaimFenced, by claimKey). */
  fences: string[];
}

export const initialTagState: TagState = { exists: false, tagId: '', locale: '', visibility: 'public', name: '', merged: false, mergedInto: null, fences: [] };

export function evolveTag(state: TagState, event: TagStreamEvent): TagState {
  switch (event.type) {
    case 'ClaimFenced':
      return { ...state, fences: [...state.fences, claimKey(event.data.claimStream, event.data.claimRevision)] };
    case 'TagCreated':
      return { ...state, exists: true, tagId: event.data.tagId, locale: event.data.locale, visibility: event.data.visibility, name: event.data.name };
    case 'TagRenamed':
      return { ...state, name: event.data.name };
    case 'TagMerged':
      return { ...state, merged: true, mergedInto: event.data.intoTagId };
    default:
      return assertNever(event);
  }
}

export const tagEvolver: Evolver<TagState, TagStreamEvent> = { initialState: initialTagState, evolve: evolveTag };

/** A tag that exists and was not merged away: the only kind a command may act on or a page may take. */
export function isLiveTag(state: TagState): boolean {
  return state.exists && !state.merged;
}

export function tagSummary(state: TagState): TagSummary {
  return { id: state.tagId, name: state.name, slug: tagSlug(state.name), locale: state.locale, visibility: state.visibility };
}
