import { streamOf } from './event';

import type { Block } from '../blocks/block';
import type { SeoFields } from '../pages/page';
import type { ClaimFenced } from './claim-events';

export const pageStream = (pageId: string) => streamOf<PageStreamEvent>(`page-${pageId}`);

/** Where a page's first draft was copied from, when it was made by create-translation or duplicate. */
export interface PageCopiedFrom {
  pageId: string;
  versionId: string;
  as: 'translation' | 'duplicate';
}

export interface PageCreated {
  type: 'PageCreated';
  data: {
    pageId: string;
    translationGroupId: string;
    type: string;
    locale: string;
    title: string;
    slug: string;
    content: string;
    typeData: Record<string, unknown>;
    /** The first draft version. */
    versionId: string;
    /** Schema version 2: null for a page made from nothing. */
    copiedFrom: PageCopiedFrom | null;
  };
}

/** The draft version was stored (title, blocks, SEO fields). */
export interface PageVersionStored {
  type: 'PageVersionStored';
  data: SeoFields & {
    pageId: string;
    versionId: string;
    title: string;
    blocks: Block[];
    /**
     * Set when the editor's save was based on an older revision and merged with the changes
     * made since (different blocks or fields): the revision the editor started from.
     */
    mergedFromRevision?: number;
    /**
     * Set when the editor stored the draft by itself, a moment after typing stopped (decision
     * 0019); absent for a save someone asked for. The history groups runs of them.
     */
    auto?: true;
  };
}

/** A new draft version started from an earlier one (published ones never change again). */
export interface PageDraftStarted {
  type: 'PageDraftStarted';
  data: { pageId: string; versionId: string; basedOnVersionId: string };
}

/** The draft version became the published version. */
export interface PagePublished {
  type: 'PagePublished';
  /** `releaseId`: published as part of a release; the public site changes with its ReleasePublished (or ReleaseRolledBack). */
  data: { pageId: string; versionId: string; slug: string; locale: string; releaseId?: string };
}

/** The published version was taken off the public site; the page keeps its versions. */
export interface PageUnpublished {
  type: 'PageUnpublished';
  /** `releaseId`: taken off by a release's rollback; the public site changes with its ReleaseRolledBack. */
  data: { pageId: string; versionId: string; slug: string; locale: string; releaseId?: string };
}

/** The page moved to another slug; its old public path redirects (301) to the new one. */
export interface PageSlugChanged {
  type: 'PageSlugChanged';
  data: { pageId: string; locale: string; slug: string; previousSlug: string; updateLinks: boolean };
}

/** The page's own anchor (page settings) changed; empty for none. */
export interface PageAnchorChanged {
  type: 'PageAnchorChanged';
  data: { pageId: string; anchor: string };
}

/** The page's type data (page settings, checked against its page type's schema) changed. */
export interface PageTypeDataChanged {
  type: 'PageTypeDataChanged';
  data: { pageId: string; typeData: Record<string, unknown> };
}

/**
 * The draft's page settings were stored: its page type's data (an article's author, date and
 * summary) and its anchor. Like the blocks, they reach the public site only when the draft is
 * published (the older PageTypeDataChanged and PageAnchorChanged changed the page at once).
 */
export interface PageSettingsStored {
  type: 'PageSettingsStored';
  data: { pageId: string; versionId: string; typeData: Record<string, unknown>; anchor: string };
}

/**
 * Links in this page's draft to another page that moved were made to follow it (save with
 * shouldUpdateLinks). `blocks` is the draft's whole block list afterwards.
 */
export interface PageLinksUpdated {
  type: 'PageLinksUpdated';
  data: { pageId: string; versionId: string; fromPath: string; toPath: string; movedPageId: string; blocks: Block[] };
}

/** The page is gone: no command is accepted on it afterwards and its slug is free again. */
export interface PageDeleted {
  type: 'PageDeleted';
  data: { pageId: string; locale: string; slug: string; translationGroupId: string };
}

/** An editor asked reviewers to publish a version. At most one request is open per version. */
export interface PublicationRequested {
  type: 'PublicationRequested';
  data: { pageId: string; versionId: string; requestId: string; comment: string; requestedBy: string };
}

/** The open request was sent to the reviewers again, optionally with a new comment. */
export interface PublicationRequestResent {
  type: 'PublicationRequestResent';
  data: { pageId: string; versionId: string; requestId: string; comment: string };
}

/** The requester (or someone with the permission) took the open request back. */
export interface PublicationRequestRevoked {
  type: 'PublicationRequestRevoked';
  data: { pageId: string; versionId: string; requestId: string };
}

/** A reviewer accepted the request: the version was published in the same step. */
export interface PublicationAccepted {
  type: 'PublicationAccepted';
  data: { pageId: string; versionId: string; requestId: string; feedback: string; requestedBy: string };
}

/** A reviewer rejected the request with feedback; the requester is mailed. */
export interface PublicationRejected {
  type: 'PublicationRejected';
  data: { pageId: string; versionId: string; requestId: string; feedback: string; requestedBy: string };
}

/**
 * The page's tags changed (issue 15): the whole list of tag ids after the change, public and
 * private. Tags are page-level, like the slug: the change holds at once, on the draft and the
 * live page (decision 0023). `mergedFrom` says the change came from merging one tag into another.
 */
export interface PageTagsChanged {
  type: 'PageTagsChanged';
  data: { pageId: string; locale: string; tags: string[]; added: string[]; removed: string[]; mergedFrom?: { tagId: string; intoTagId: string } };
}

/** What a schedule does when it comes due (issue 17): publish the draft, or take the page off the site. */
export type ScheduleAction = 'publish' | 'unpublish';

/**
 * A change of the page planned for a moment (issue 17): publish the draft version `versionId`, or
 * unpublish. One per action is pending at a time: a new one for the same action replaces it.
 */
export interface PageChangeScheduled {
  type: 'PageChangeScheduled';
  data: { pageId: string; scheduleId: string; action: ScheduleAction; at: string; versionId: string; locale: string; scheduledBy: string };
}

export interface PageScheduleCancelled {
  type: 'PageScheduleCancelled';
  data: { pageId: string; scheduleId: string; action: ScheduleAction };
}

/**
 * The scheduler carried a schedule out, in the same append as the publication it made (if any:
 * `changed` false when there was nothing left to do, the version having gone live meanwhile).
 */
export interface PageScheduleCarriedOut {
  type: 'PageScheduleCarriedOut';
  data: { pageId: string; scheduleId: string; action: ScheduleAction; versionId: string; scheduledBy: string; changed: boolean };
}

/** A due schedule could not be carried out; it stays pending and is tried again at `retryAt`. */
export interface PageScheduleFailed {
  type: 'PageScheduleFailed';
  data: { pageId: string; scheduleId: string; action: ScheduleAction; at: string; scheduledBy: string; code: string; message: string; attempt: number; retryAt: string };
}

/**
 * The translator says a translation's blocks are up to date with its source again (issue 17):
 * the named blocks, or every block (`blockKeys` null). Editing a block says so too.
 */
export interface TranslationMarkedUpToDate {
  type: 'TranslationMarkedUpToDate';
  data: { pageId: string; sourcePageId: string; blockKeys: string[] | null };
}

export type PageEvent =
  | PageCreated
  | TranslationMarkedUpToDate
  | PageChangeScheduled
  | PageScheduleCancelled
  | PageScheduleCarriedOut
  | PageScheduleFailed
  | PageTagsChanged
  | PageVersionStored
  | PageDraftStarted
  | PagePublished
  | PageUnpublished
  | PageSlugChanged
  | PageAnchorChanged
  | PageTypeDataChanged
  | PageSettingsStored
  | PageLinksUpdated
  | PageDeleted
  | PublicationRequested
  | PublicationRequestResent
  | PublicationRequestRevoked
  | PublicationAccepted
  | PublicationRejected;

/** What a page's stream may hold: its events, and a fence left by a takeover of its claim (never projected). */
export type PageStreamEvent = PageEvent | ClaimFenced;
