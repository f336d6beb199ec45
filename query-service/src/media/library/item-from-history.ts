import { mediaStream } from '@pagelog/contracts/events/media-events';
import type { MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import { readStreamOf } from '@pagelog/storage/event-store/load-stream';

/** What where-used needs of an item: what its uses are indexed by. */
export type ItemReference = Pick<MediaItemDoc, 'kind' | 'hash' | 'videoId'>;

/**
 * A file or video item as its stream recorded it, deleted or not (the library's read model keeps
 * only live items): where-used at a past date, or now on the published pages that still show a
 * deleted file, is asked by the item's id. Null when the id names no file or video.
 */
export async function itemFromHistory(eventStore: EventStore, mediaId: string): Promise<ItemReference | null> {
  for (const event of await readStreamOf(eventStore, mediaStream(mediaId))) {
    if (event.type === 'MediaFileUploaded') return { kind: event.data.kind, hash: event.data.hash, videoId: null };
    if (event.type === 'MediaVideoAdded') return { kind: event.data.provider, hash: null, videoId: event.data.videoId };
  }
  return null;
}
