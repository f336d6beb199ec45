import type { PageStreamEvent } from '@pagelog/contracts/events/page-events';
import type { PageHistoryEntry } from '@pagelog/contracts/pages/page';
import type { NameResolver } from '../core/names';
import type { StoredEvent } from '@pagelog/storage/event-store/load-stream';

const quote = (text: string) => `“${text.length > 120 ? `${text.slice(0, 117)}…` : text}”`;

/** A page event in a few words, for the history list. */
export function summaryOf(event: PageStreamEvent): string {
  switch (event.type) {
    case 'ClaimFenced':
      return `took over a claim the page had made but not used (${event.data.claimStream})`;
    case 'PageCreated': {
      const d = event.data;
      const from = d.copiedFrom ? (d.copiedFrom.as === 'translation' ? ' as a translation' : ' as a copy of another page') : '';
      return `created ${quote(d.title)} at ${d.slug} (${d.locale})${from}`;
    }
    case 'PageVersionStored': {
      const how = event.data.auto ? 'saved the draft automatically' : 'saved the draft';
      return event.data.mergedFromRevision !== undefined ? `${how}, merged with changes saved meanwhile` : how;
    }
    case 'PageDraftStarted':
      return 'started a new draft from the published version';
    case 'PagePublished':
      return 'published the page';
    case 'PageUnpublished':
      return 'unpublished the page';
    case 'PageSlugChanged':
      return `moved the page from ${event.data.previousSlug} to ${event.data.slug}${event.data.updateLinks ? ', updating links to it' : ''}`;
    case 'PageAnchorChanged':
      return event.data.anchor ? `set the page anchor to ${event.data.anchor}` : 'removed the page anchor';
    case 'PageTypeDataChanged':
      return 'changed the page settings';
    case 'PageSettingsStored':
      return "saved the page settings in the draft";
    case 'PageLinksUpdated':
      return `updated links from ${event.data.fromPath} to ${event.data.toPath}`;
    case 'PageDeleted':
      return 'deleted the page';
    case 'PageTagsChanged': {
      const d = event.data;
      if (d.mergedFrom) return 'took the tag it was given by a merge';
      return `changed the tags (${d.added.length} added, ${d.removed.length} removed)`;
    }
    case 'PublicationRequested':
      return event.data.comment ? `requested publication: ${quote(event.data.comment)}` : 'requested publication';
    case 'PublicationRequestResent':
      return event.data.comment ? `sent the publication request again: ${quote(event.data.comment)}` : 'sent the publication request again';
    case 'PublicationRequestRevoked':
      return 'revoked the publication request';
    case 'PublicationAccepted':
      return event.data.feedback ? `accepted the publication request: ${quote(event.data.feedback)}` : 'accepted the publication request';
    case 'PublicationRejected':
      return `rejected the publication request: ${quote(event.data.feedback)}`;
  }
}

/** The page's stream, oldest first, as history entries with the actors' names. */
export async function historyOf(events: readonly StoredEvent<PageStreamEvent>[], names: NameResolver): Promise<PageHistoryEntry[]> {
  return Promise.all(
    events.map(async (recorded) => {
      const event: PageStreamEvent = recorded;
      const data = event.data as { versionId?: string };
      return {
        position: recorded.position,
        revision: recorded.revision,
        type: recorded.type,
        occurredAt: recorded.metadata.occurredAt,
        actorId: recorded.metadata.actorId,
        actorName: await names.name(recorded.metadata.actorId),
        versionId: data.versionId ?? null,
        summary: summaryOf(event),
        ...(event.type === 'PageVersionStored' && event.data.auto ? { auto: true } : {}),
      };
    }),
  );
}
