import type { RecordedEvent } from '@pagelog/contracts/events/event';
import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import { searchIndexStream, type SearchIndexEvent } from '@pagelog/contracts/events/search-events';
import type { TagEvent } from '@pagelog/contracts/events/tag-events';
import type { TagInfo } from './search-document';

/** How the search indexer reads the log's events: which change a page's documents, which are jobs, what a tag is. */

/**
 * The page events after which a page's documents may differ (title, live version, slug, tags,
 * type data, deletion). A Record over every type, so a new page event needs a decision here.
 */
const changesDocuments: Record<PageStreamEvent['type'], boolean> = {
  PageCreated: true,
  PageVersionStored: true,
  PagePublished: true,
  PageUnpublished: true,
  PageSlugChanged: true,
  PageTagsChanged: true,
  PageTypeDataChanged: true,
  // The admin document's date follows a never-published page's publication date.
  PageSettingsStored: true,
  PageDeleted: true,
  // The draft's blocks: the admin target holds no body, the public one only the live version.
  PageLinksUpdated: false,
  PageDraftStarted: false,
  PageAnchorChanged: false,
  PublicationRequested: false,
  PageChangeScheduled: false,
  TranslationMarkedUpToDate: false,
  PageScheduleCancelled: false,
  PageScheduleCarriedOut: false,
  PageScheduleFailed: false,
  PublicationRequestResent: false,
  PublicationRequestRevoked: false,
  // Comes with the PagePublished it caused.
  PublicationAccepted: false,
  PublicationRejected: false,
  ClaimFenced: false,
};

/** The pages whose id this event changes the documents of, if any. */
export function pageOf(event: RecordedEvent): string | null {
  if (!event.stream.startsWith('page-') || !Object.hasOwn(changesDocuments, event.type)) return null;
  return changesDocuments[event.type as PageStreamEvent['type']] ? event.stream.slice('page-'.length) : null;
}

export function isJob(event: RecordedEvent): event is RecordedEvent & SearchIndexEvent {
  return event.stream === searchIndexStream && (event.type === 'SearchReindexRequested' || event.type === 'SearchRemovalRequested');
}

/** A tag as its stream tells it now; undefined for a tag that does not exist. */
export function tagInfo(events: readonly RecordedEvent[]): TagInfo | undefined {
  let info: TagInfo | undefined;
  for (const event of events as (RecordedEvent & TagEvent)[]) {
    if (event.type === 'TagCreated') info = { name: event.data.name, visibility: event.data.visibility, locale: event.data.locale };
    else if (event.type === 'TagRenamed' && info) info = { ...info, name: event.data.name };
    else if (event.type === 'TagMerged' && info) info = { ...info, merged: true };
  }
  return info;
}

