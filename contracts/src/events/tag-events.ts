import { streamOf } from './event';
import type { TagVisibility } from '../tags/tag';

/** A tag's stream: `tag-<id>`. */
export const tagStream = (tagId: string) => streamOf<TagEvent>(`tag-${tagId}`);

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
