import { readModels } from '@pagelog/contracts/read-models';
import type { MediaItemDoc } from '@pagelog/contracts/media/media-read-models';
import { StoreUnavailableError } from '@pagelog/contracts/domain-errors';
import type { EventStore } from '@pagelog/storage/event-store/event-store';
import type { ReadModelStore } from '@pagelog/storage/read-model-store/read-model-store';

/**
 * The two facts the media commands take from read models (decision 0012): whether a folder is
 * empty, and which items hold given bytes. Each first waits (at most the consistency timeout)
 * for the media projection to reach the log's head as it was when asked, so everything written
 * before the command is seen.
 */
export interface MediaLookups {
  /** Whether any file, video or folder is in the folder. Throws 503 when the read model cannot catch up in time. */
  folderHasContents(folderId: string): Promise<boolean>;
  /** Ids of items that hold the bytes `hash` (candidates: the caller checks each on its stream). */
  itemsWithHash(hash: string): Promise<string[]>;
}

export function mediaReadModelLookups(events: EventStore, store: ReadModelStore, consistencyTimeoutMs: number): MediaLookups {
  const projection = readModels.mediaItems.projection;
  const caughtUp = async () => store.waitForCheckpoints([projection], await events.headPosition(), consistencyTimeoutMs);
  return {
    async folderHasContents(folderId) {
      // Deleting a folder on a guess could orphan what is in it: without a current read model, refuse for now.
      if (!(await caughtUp())) throw new StoreUnavailableError('the media read model is behind the log');
      const where = { parentId: folderId };
      const [items, folders] = await Promise.all([store.count(readModels.mediaItems.collection, { where }), store.count(readModels.mediaFolders.collection, { where })]);
      return items + folders > 0;
    },
    async itemsWithHash(hash) {
      // Only a notice ("already in the library"): when the read model lags, a second copy is stored.
      await caughtUp();
      const items = await store.find<MediaItemDoc>(readModels.mediaItems.collection, { where: { hash }, limit: 20 });
      return items.map((item) => item.id);
    },
  };
}
