import { streamOf } from './event';
import type { ClaimFenced } from './claim-events';
import type { TagVisibility } from '../tags/tag';

/** A tag's stream: `tag-<id>`. */
export const tagStream = (tagId: string) => streamOf<TagStreamEvent>(`tag-${tagId}`);

/**
 * A tag's name is unique in its locale by its slug (contracts/src/tags/tag.ts, rule 6): one claim
 * stream per (locale, slug), claimed before a tag takes the name (decision 0023).
 */
export const tagNameStream = (locale: string, slug: string) => streamOf<TagNameEvent>(`tag-name-${locale}:${slug}`);

/**
 * The claim stream of a locale's merge lock: a merge holds it while it reads the tag it merges
 * into and writes, so crossed merges (A into B, B into A) cannot both win. Its claim events name
 * no slug (an empty one).
 */
export const tagMergeLockStream = (locale: string) => streamOf<TagNameEvent>(`tag-merges-${locale}`);

interface TagRef {
  tagId: string;
  locale: string;
  /** Public tags show on the site and in its search; private ones only in the admin. */
  visibility: TagVisibility;
}

/** A tag came into being (from the tag field of a page, or the tags screen). */
export interface TagCreated {
  type: 'TagCreated';
  data: TagRef & { name: string };
}

/** A tag was renamed; pages name tags by id, so every page carrying it follows. */
export interface TagRenamed {
  type: 'TagRenamed';
  data: TagRef & { name: string; previousName: string };
}

/** A tag was merged into another of the same locale and visibility and is no more; its pages get the other (PageTagsChanged). */
export interface TagMerged {
  type: 'TagMerged';
  data: TagRef & { name: string; intoTagId: string; intoName: string };
}

export type TagEvent = TagCreated | TagRenamed | TagMerged;

/** What a tag's stream may hold: its events, and a fence left by a takeover of a claim it made (never projected). */
export type TagStreamEvent = TagEvent | ClaimFenced;

/** A tag claimed a name (by slug) in a locale, or a merge took the locale's merge lock (slug ''). */
export interface TagNameClaimed {
  type: 'TagNameClaimed';
  data: { locale: string; slug: string; tagId: string };
}

/** The tag gave the name (or the merge lock) back: renamed, or its command failed or finished. */
export interface TagNameReleased {
  type: 'TagNameReleased';
  data: { locale: string; slug: string; tagId: string };
}

export type TagNameEvent = TagNameClaimed | TagNameReleased;
